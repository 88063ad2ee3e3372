// Paired main-thread work of a page that sits idle after loading, on two running servers (say
// main and a branch): each load on a 412 px phone viewport with Lighthouse's 4× CPU slowdown, a
// second to settle, then a 5 s trace; prints the main thread's busy time and the frames painted in
// that window, per run and as medians. A page at rest should paint nothing and use a few ms.
//
//   node scripts/bench-idle-pair.mjs http://127.0.0.1:4811/ http://127.0.0.1:4812/ 3
import { chromium } from '@playwright/test'

const [, , a, b, n = '3'] = process.argv
if (!a || !b) {
  console.error('usage: node scripts/bench-idle-pair.mjs <url A> <url B> [pairs]')
  process.exit(2)
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})

async function idle(url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(1000)
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] })
  await page.waitForTimeout(5000)
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents
  await context.close()
  // The page's renderer main thread: the one with the most events (others are blank or helpers).
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const count = (thread) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid).length
  const main = threads.sort((x, y) => count(y) - count(x))[0]
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur)
  const busyMs = onMain.filter((event) => event.name === 'ThreadControllerImpl::RunTask').reduce((sum, event) => sum + event.dur, 0) / 1000
  return { busyMs: Math.round(busyMs), frames: onMain.filter((event) => event.name === 'Paint').length }
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]
const runs = { [a]: [], [b]: [] }
for (let i = 0; i < Number(n); i++) {
  for (const url of i % 2 ? [b, a] : [a, b]) {
    const run = await idle(url)
    runs[url].push(run)
    console.log(url, `busy ${run.busyMs} ms, ${run.frames} frames painted`)
  }
}
await browser.close()
for (const url of [a, b]) {
  console.log(`${url}: median busy ${median(runs[url].map((r) => r.busyMs))} ms, ${median(runs[url].map((r) => r.frames))} frames in 5 s`)
}
