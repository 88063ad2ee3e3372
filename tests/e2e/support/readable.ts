import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page } from '@playwright/test'

// What every staff screen is checked for, at the two sizes the console is designed for.

export const STAFF_SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

/**
 * An axe scan of `page`, for every check here and in the spec files. On a page without frames, legacy
 * mode runs axe.run in the page itself; the default mode also merges the results in a new blank page
 * with a second copy of axe, which took two to four times as long for the same findings (home page:
 * 10-23 s against 4-10 s). Legacy mode would skip the inside of frames, so a page with any keeps the
 * default. Only violations are asserted on: the other result types keep one node each.
 */
export function axeScan(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).options({ resultTypes: ['violations'] })
}

/** axe's WCAG 2.1 AA and best-practice rules: no serious or critical problem, each named if any. */
export async function expectNoSeriousAxeProblems(page: Page) {
  const results = await axeScan(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
}

/** Nothing runs off the side of the screen: names what does, if anything. */
export async function expectNoSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    const overflowing = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
    return overflowing.length ? overflowing : ['(the page is wider than the screen)']
  })
  expect(wide, page.url()).toEqual([])
}

/**
 * The axe check for a page seen without JavaScript: axe cannot run where scripts are off, so the
 * page as served (its markup, scripts taken out) is checked in a second page at the same size.
 */
export async function expectNoSeriousAxeProblemsWithoutScript(browser: Browser, page: Page) {
  const served = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  const context = await browser.newContext({ viewport: page.viewportSize() })
  try {
    const checker = await context.newPage()
    // Same origin, so the stylesheets load as they did for the page.
    await checker.goto(new URL('/robots.txt', page.url()).href)
    await checker.setContent(served)
    await expectNoSeriousAxeProblems(checker)
  } finally {
    await context.close()
  }
}
