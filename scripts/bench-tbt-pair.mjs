// Paired Total Blocking Time of one page served by two running servers (two builds side by side):
// Lighthouse mobile (its defaults), runs alternated A B B A …, each in a new Chromium, as
// `npm run bench:pages` measures; prints each side's median and the median of the pairs' ratios.
// On a busy machine a run swings by hundreds of milliseconds: quote the paired ratio.
//
//   node scripts/bench-tbt-pair.mjs http://127.0.0.1:4801 http://127.0.0.1:4802 / 7

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/local-services.mjs'
const [a, b, pagePath = '/', runs = '7'] = process.argv.slice(2)
const flags = ['--headless', ...CHROMIUM_ARGS]
async function tbt(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: flags })
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    return { tbt: Math.round(lhr.audits['total-blocking-time'].numericValue), perf: Math.round(lhr.categories.performance.score * 100) }
  } finally {
    await chrome.kill()
  }
}
const res = { a: [], b: [] }
for (let i = 0; i < Number(runs); i++) {
  for (const [k, o] of i % 2
    ? [
        ['b', b],
        ['a', a],
      ]
    : [
        ['a', a],
        ['b', b],
      ]) {
    const r = await tbt(o + pagePath)
    res[k].push(r)
    console.log(i, k, r.tbt, r.perf)
  }
}
const med = (xs) => {
  const s = [...xs].sort((x, y) => x - y)
  return s[Math.floor(s.length / 2)]
}
// A run Lighthouse could not finish (NaN) leaves its pair out.
const ratios = res.a.map((r, i) => r.tbt / Math.max(1, res.b[i].tbt)).filter(Number.isFinite)
console.log(
  `A ${a}: TBT median ${med(res.a.map((r) => r.tbt))} ms [${res.a.map((r) => r.tbt)}], perf median ${med(res.a.map((r) => r.perf))}`,
)
console.log(
  `B ${b}: TBT median ${med(res.b.map((r) => r.tbt))} ms [${res.b.map((r) => r.tbt)}], perf median ${med(res.b.map((r) => r.perf))}`,
)
console.log(`A/B per pair: median ${med(ratios).toFixed(2)} [${ratios.map((x) => x.toFixed(2))}]`)
