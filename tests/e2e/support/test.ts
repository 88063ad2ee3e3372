import { type BrowserContext, type ConsoleMessage, test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/**
 * Playwright's `test`, failing any test in whose pages an error went uncaught (`pageerror`) or
 * anything was logged as a console error, in the default page and in every context the test opens
 * with `browser.newContext()`. A test that provokes a failure on purpose (a refused request, a
 * dropped connection, the 404 page) names the console errors it expects:
 *
 *     test.use({ allowedConsoleErrors: [/status of 404/] })         // a whole file or describe
 *     allowConsoleErrors(/status of 503/, /\[chat\] message not sent/) // one test (a fixture)
 *
 * Uncaught page errors are never allowed.
 */
type Options = { allowedConsoleErrors: RegExp[] }
type Fixtures = { allowConsoleErrors: (...patterns: RegExp[]) => void; pageErrorGuard: PageErrorGuard }

class PageErrorGuard {
  readonly problems: string[] = []
  private readonly allowed: RegExp[]
  private readonly watched = new WeakSet<BrowserContext>()

  constructor(allowed: RegExp[]) {
    this.allowed = [...allowed]
  }

  allow(patterns: RegExp[]) {
    this.allowed.push(...patterns)
  }

  watch(context: BrowserContext) {
    if (this.watched.has(context)) return
    this.watched.add(context)
    context.on('weberror', (webError) => this.problems.push(`pageerror: ${describe(webError.error())}`))
    context.on('console', (message) => this.onConsole(message))
  }

  private onConsole(message: ConsoleMessage) {
    if (message.type() !== 'error') return
    const text = message.text()
    if (this.allowed.some((pattern) => pattern.test(text))) return
    const where = message.page()?.url() ?? 'unknown page'
    this.problems.push(`console error on ${where}: ${text}`)
  }
}

function describe(error: Error) {
  return error.stack ?? `${error.name}: ${error.message}`
}

export const test = base.extend<Options & Fixtures>({
  allowedConsoleErrors: [[], { option: true }],

  pageErrorGuard: [
    async ({ browser, allowedConsoleErrors }, run) => {
      const guard = new PageErrorGuard(allowedConsoleErrors)
      // Contexts a test opens itself (no JavaScript, another viewport, staff sign-in) are watched too.
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
        const context = await newContext(...args)
        guard.watch(context)
        return context
      }
      try {
        await run(guard)
      } finally {
        browser.newContext = newContext
      }
      if (guard.problems.length > 0) {
        throw new Error(`The pages reported errors during this test:\n${guard.problems.map((problem) => `  - ${problem}`).join('\n')}`)
      }
    },
    { auto: true },
  ],

  context: async ({ context, pageErrorGuard }, run) => {
    pageErrorGuard.watch(context)
    await run(context)
  },

  allowConsoleErrors: async ({ pageErrorGuard }, run) => {
    await run((...patterns) => pageErrorGuard.allow(patterns))
  },
})
