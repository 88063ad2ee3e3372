// Paired first-load layout cost of two servers, e.g. main and a branch:
//   node scripts/bench-layout-pair.mjs http://127.0.0.1:4821/ http://127.0.0.1:4822/ 15
// Loads each URL in turn (alternating which goes first) on a 412 px phone viewport in one Chromium,
// traces the load and the next 1.5 s, and prints the medians of Layout and style recalculation time,
// of the objects laid out and of the longest module evaluation (the page's script graph, run before
// hydration), with the median of the per-pair ratios B/A (less noisy than either). It then traces
// the page at rest for 5 s: the main thread's busy time and the frames painted (a page nobody
// touches should paint nothing). One browser serves every load, so from the second load on V8's
// code cache is warm, as for a returning visitor.
// BENCH_CPU_SLOWDOWN=4 slows the CPU as Lighthouse's phone does (default 1).
import { chromium } from '@playwright/test'
import { CHROMIUM_PATH } from './lib/local-services.mjs'

const [, , a, b, n = '15'] = process.argv
if (!a || !b) {
  console.error('usage: node scripts/bench-layout-pair.mjs <url A> <url B> [pairs]')
  process.exit(2)
}
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})

async function load(url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1)
  if (slowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute'] })
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(1500)
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] })
  await page.waitForTimeout(5000)
  const atRest = onRendererMain(JSON.parse((await browser.stopTracing()).toString()).traceEvents)
  await context.close()
  const restBusy = atRest
    .filter((event) => event.name === 'ThreadControllerImpl::RunTask')
    .reduce((sum, event) => sum + event.dur / 1000, 0)
  const restFrames = atRest.filter((event) => event.name === 'Paint').length
  let layout = 0
  let style = 0
  let objects = 0
  let moduleEval = 0
  for (const event of events) {
    if (event.ph !== 'X' || !event.dur) continue
    if (event.name === 'Layout') {
      layout += event.dur / 1000
      objects += event.args?.beginData?.dirtyObjects ?? 0
    }
    if (event.name === 'UpdateLayoutTree') style += event.dur / 1000
    if (event.name === 'v8.evaluateModule') moduleEval = Math.max(moduleEval, event.dur / 1000)
  }
  return { layout, style, objects, moduleEval, restBusy, restFrames }
}

/** The complete events of the page's renderer main thread: the busiest one (others are blank pages or helpers). */
function onRendererMain(events) {
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const count = (thread) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid).length
  const main = threads.sort((x, y) => count(y) - count(x))[0]
  return events.filter((event) => event.pid === main?.pid && event.tid === main?.tid && event.ph === 'X' && event.dur)
}

const runs = { a: [], b: [] }
for (let pair = 0; pair < Number(n); pair++) {
  for (const side of pair % 2 ? ['b', 'a'] : ['a', 'b']) runs[side].push(await load(side === 'a' ? a : b))
}
await browser.close()
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]
for (const field of ['layout', 'style', 'objects', 'moduleEval', 'restBusy', 'restFrames']) {
  const ratio = median(runs.a.map((run, pair) => runs.b[pair][field] / run[field]).filter(Number.isFinite))
  console.log(
    `${field}: A ${median(runs.a.map((run) => run[field])).toFixed(0)}, B ${median(runs.b.map((run) => run[field])).toFixed(0)}, B/A per pair ${ratio?.toFixed(2) ?? '-'}`,
  )
}
