// Page benchmark: Lighthouse scores for the home page, checkout and one article,
// the JavaScript the home page sends (as sent to Chrome, and gzip) and its cumulative layout shift, measured on the
// production build. Run through `npm run bench:pages`, which provides MONGODB_URI
// (scripts/with-database.mjs).
//
//   npm run bench:pages                  builds, starts the production server, measures, stops it
//   npm run bench:pages -- --no-build    reuses the existing build/
//
// Measured the way Lighthouse's command line and PageSpeed Insights measure: every run launches a
// new Chromium (a browser kept warm across runs has its code caches filled and scores higher than
// anyone else will measure), with Lighthouse's default settings. Each page is measured BENCH_RUNS
// times (default 5) per form factor; the run with the median performance score is printed, with
// the range of scores and of total blocking time: Lighthouse's simulated throttling still scales
// the CPU time it observes, so on a busy 2-core machine a run swings by several points.
//
// Env: BENCH_PORT (default 4210), BENCH_PAGES (comma-separated paths), BENCH_RUNS (default 5),
// BENCH_FORM_FACTORS (mobile,desktop), BENCH_SERVER_ENTRY (default cluster.ts, the production entry),
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_CPU_SLOWDOWN (mobile only: Lighthouse's default
// 4 when unset, a number, or `calibrated`, below).
//
// Lighthouse's 4x CPU slowdown turns a desktop with a BenchmarkIndex of about 1,000 or more into the
// phone it emulates; on a slower host it emulates a slower phone than intended, and Lighthouse's
// own docs (throttling.md, "Calibrating the CPU slowdown") say to lower the multiplier. With
// BENCH_CPU_SLOWDOWN=calibrated each run first measures the new browser's BenchmarkIndex with
// Lighthouse's own page function and slows the CPU by index / 264: 264 is the score Chrome DevTools'
// CPU calibration gives its low-tier phone, the Moto G Power that Lighthouse's mobile settings
// emulate. A busy host measures a lower index, so the slowdown also follows the load.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import * as lighthouseConstants from 'lighthouse/core/config/constants.js'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/local-services.mjs'
import { scriptsBeforeHydration } from './lib/page-scripts.mjs'

const projectRoot = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.BENCH_PORT ?? 4210)
const origin = `http://127.0.0.1:${port}`
const pages = process.env.BENCH_PAGES?.split(',') ?? ['/', '/checkout', '/news/ftc-safeguards-rule']
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5))
const formFactors = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',')
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? 'cluster.ts'
const cpuSlowdown = process.env.BENCH_CPU_SLOWDOWN
const LOW_TIER_PHONE_BENCHMARK_INDEX = 264
if (cpuSlowdown !== undefined && cpuSlowdown !== 'calibrated' && !(Number(cpuSlowdown) >= 1)) {
  console.error('BENCH_CPU_SLOWDOWN must be a number of at least 1 or `calibrated`.')
  process.exit(2)
}
const categories = ['performance', 'accessibility', 'best-practices', 'seo']
// The end-to-end tests' flags, and --headless, which Playwright adds there itself.
const chromeFlags = ['--headless', ...CHROMIUM_ARGS]

if (!process.env.MONGODB_URI) {
  console.error('MONGODB_URI is unset: run this through `npm run bench:pages`.')
  process.exit(2)
}

if (!process.argv.includes('--no-build')) {
  console.log('Building the production bundle...')
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

async function startServer() {
  const server = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SITE_URL: origin },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`server.ts exited with code ${server.exitCode}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  server.kill()
  throw new Error('server.ts did not answer /healthz within 60 s')
}

/**
 * Every JavaScript file a page loads before it hydrates (those its HTML names, and what they import
 * statically, not the chunks loaded later by import()): its bytes as the server sends them to
 * Chrome, and gzip-compressed.
 */
async function javascriptFor(pagePath) {
  const html = await (await fetch(`${origin}${pagePath}`)).text()
  return Promise.all(
    scriptsBeforeHydration(html, path.join(projectRoot, 'build/client')).map(async (file) => {
      const bytes = readFileSync(path.join(projectRoot, 'build/client', file))
      const sent = await bytesSent(`${origin}${file}`, CHROME_ACCEPT_ENCODING)
      return { file, raw: bytes.length, gzip: gzipSync(bytes).length, sent: sent.length, encoding: sent.encoding }
    }),
  )
}

const CHROME_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
/** The body's length as sent (fetch would decode it), and its encoding. */
function bytesSent(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        let length = 0
        response.on('data', (chunk) => (length += chunk.length))
        response.on('end', () => resolve({ length, encoding: response.headers['content-encoding'] ?? 'identity' }))
      })
      .on('error', reject)
  })
}

/** The BenchmarkIndex of the browser listening on `port`, measured as Lighthouse measures it. */
async function benchmarkIndexOf(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`)
    await page.close()
    return index
  } finally {
    await browser.close()
  }
}

/** The mobile settings with the CPU slowdown BENCH_CPU_SLOWDOWN asks for (undefined: Lighthouse's own). */
async function mobileConfigFor(port) {
  if (cpuSlowdown === undefined) return { config: undefined, multiplier: lighthouseConstants.throttling.mobileSlow4G.cpuSlowdownMultiplier }
  const multiplier =
    cpuSlowdown === 'calibrated'
      ? Math.max(1, Math.round(((await benchmarkIndexOf(port)) / LOW_TIER_PHONE_BENCHMARK_INDEX) * 10) / 10)
      : Number(cpuSlowdown)
  const throttling = { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier }
  return { config: { extends: 'lighthouse:default', settings: { throttling } }, multiplier }
}

/** One Lighthouse run in a browser of its own, as the Lighthouse command line does it. */
async function audit(url, config, attempt = 1) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags })
  let lhr
  let multiplier = 1
  try {
    const mobile = config === undefined ? await mobileConfigFor(chrome.port) : { config, multiplier }
    multiplier = mobile.multiplier
    ;({ lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories }, mobile.config))
  } finally {
    await chrome.kill()
  }
  // A trace recording hiccup (NO_NAVSTART and the like) on a busy machine: measure once more.
  if (lhr.runtimeError && lhr.runtimeError.code !== 'ERRORED_DOCUMENT_REQUEST' && attempt < 3) return audit(url, config, attempt + 1)
  if (lhr.runtimeError) return { status: lhr.runtimeError.code, failing: [lhr.runtimeError.message] }
  const scores = Object.fromEntries(categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]))
  const seoWithoutCrawlable = categoryScoreWithout(lhr, 'seo', 'is-crawlable')
  const failing = Object.values(lhr.audits)
    .filter((auditResult) => auditResult.scoreDisplayMode === 'binary' && auditResult.score === 0)
    .map(
      (auditResult) =>
        `${auditResult.id}${auditResult.details?.items?.length ? ` ${JSON.stringify(auditResult.details.items).slice(0, 1200)}` : ''}`,
    )
  return {
    status: lhr.audits['http-status-code']?.score === 0 ? 'non-2xx' : 'ok',
    ...scores,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    multiplier,
    warnings: lhr.runWarnings,
    seoWithoutCrawlable,
    failing,
  }
}

async function isNoindex(pagePath) {
  const html = await (await fetch(`${origin}${pagePath}`)).text()
  return /<meta name="robots" content="[^"]*noindex/.test(html)
}

/** A category's score recomputed as Lighthouse does (weighted mean of its scored audits), leaving one audit out. */
function categoryScoreWithout(lhr, categoryId, auditId) {
  let weighted = 0
  let totalWeight = 0
  for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
    const result = lhr.audits[ref.id]
    if (ref.id === auditId || !ref.weight || result?.score === null || result?.score === undefined) continue
    weighted += result.score * ref.weight
    totalWeight += ref.weight
  }
  return totalWeight ? Math.round((weighted / totalWeight) * 100) : NaN
}

/** Audits a page `runs` times and returns the run with the median performance score, plus the ranges. */
async function auditMedian(url, config) {
  const results = []
  for (let run = 0; run < runs; run++) results.push(await audit(url, config))
  const measured = results.filter((result) => result.cls !== undefined).sort((a, b) => a.performance - b.performance)
  if (!measured.length) return results[0]
  const median = measured[Math.floor((measured.length - 1) / 2)]
  const tbts = measured.map((result) => result.tbtMs).sort((a, b) => a - b)
  return {
    ...median,
    performanceRange: [measured[0].performance, measured.at(-1).performance],
    tbtMedian: tbts[Math.floor((tbts.length - 1) / 2)],
    tbtRange: [tbts[0], tbts.at(-1)],
    scores: measured.map((result) => result.performance),
    runsHost: measured.map((result) => `${result.multiplier}x at ${result.benchmarkIndex}`),
  }
}

const server = await startServer()
let exitCode = 0
try {
  const scripts = await javascriptFor('/')
  const total = (key) => scripts.reduce((sum, script) => sum + script[key], 0)
  console.log('\nJavaScript for / (as sent to Chrome; gzip at the default level):')
  for (const script of scripts.sort((a, b) => b.sent - a.sent))
    console.log(
      `  ${(script.sent / 1024).toFixed(1).padStart(6)} KB ${script.encoding.padEnd(8)} ${(script.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${script.file}`,
    )
  console.log(
    `  ${(total('sent') / 1024).toFixed(1).padStart(6)} KB          ${(total('gzip') / 1024).toFixed(1).padStart(6)} KB gzip  total (budget 150 KB gzip)`,
  )

  const formFactorConfigs = {
    mobile: [`mobile (Moto G Power, simulated slow 4G; CPU slowdown ${cpuSlowdown ?? "Lighthouse's default"})`, undefined],
    desktop: ['desktop', desktopConfig],
  }
  for (const [label, config] of formFactors.map((name) => formFactorConfigs[name])) {
    console.log(`\nLighthouse 13, ${label}; median of ${runs} run(s), each in a new browser; ranges in brackets:`)
    console.log('  page                         status   perf  (range)  a11y  best   seo   CLS     FCP ms  LCP ms  TBT ms (median, range)')
    for (const pagePath of pages) {
      const r = await auditMedian(`${origin}${pagePath}`, config)
      if (r.cls === undefined) {
        console.log(`  ${pagePath.padEnd(28)} ${r.status}`)
      } else {
        const range = `(${r.performanceRange.join('-')})`.padStart(8)
        const row = [
          pagePath.padEnd(28),
          r.status.padEnd(7),
          String(r.performance).padStart(5),
          range,
          ...categories.slice(1).map((c) => String(r[c]).padStart(5)),
          r.cls.toFixed(3).padStart(7),
          String(r.fcpMs).padStart(8),
          String(r.lcpMs).padStart(7),
          `${String(r.tbtMedian).padStart(7)} (${r.tbtRange.join('-')})`,
        ]
        console.log(`  ${row.join(' ')}`)
        console.log(
          `    performance scores of the ${r.scores.length} runs: ${r.scores.join(', ')}; CPU slowdown at the BenchmarkIndex Lighthouse measured: ${r.runsHost.join(', ')}`,
        )
        for (const warning of new Set(r.warnings)) console.log(`    Lighthouse warns: ${warning}`)
        // Checkout is noindex on purpose. Lighthouse's `is-crawlable` audit fails on
        // exactly that, so such a page's SEO score is also shown without that one audit.
        if (await isNoindex(pagePath))
          console.log(`    SEO without is-crawlable (this page is noindex on purpose): ${r.seoWithoutCrawlable}`)
        if (r.lcpElement) console.log(`    LCP element: ${r.lcpElement.slice(0, 160)}`)
      }
      if (r.failing.length) console.log(`    failing audits: ${r.failing.join(', ')}`)
    }
  }
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  server.kill()
}
process.exit(exitCode)
