import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './scripts/lib/local-services.mjs'
import { E2E_APP_SETTINGS, e2eDatabaseUri } from './tests/e2e/support/e2e-server'

// End-to-end tests drive Debian's Chromium headless shell (Playwright can't download its own here;
// the shell is what Playwright runs headless tests in) against the built production server as
// production runs it (the cluster, two workers, each with its own page cache), started on its own
// port with its own database (`e2e`).
const port = Number(process.env.E2E_PORT ?? 4173)

const chromiumLaunchOptions = { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS }

// Files that change what every other file sees (a plan's price, the database under a second
// instance) run after the rest, one at a time.
const RUN_ALONE = ['**/staff-content.spec.ts', '**/live-chat-instances.spec.ts']
// Files that need nobody on the staff side with the chat open (a staff chat page anywhere puts staff
// online for every visitor) run after the rest and before the files run alone, which open staff
// pages on a second instance that may stop without saying goodbye.
const STAFF_AWAY = ['**/enquiries-chat-offline.spec.ts']
// A measurement, not a test: `npm run bench:page-views` runs it and prints its figures.
const MEASUREMENTS = process.env.MEASURE_PAGE_VIEWS ? [] : ['**/measure-page-views.spec.ts']

export default defineConfig({
  testDir: 'tests/e2e',
  // Files share the server and its database (each test makes its own records), so two run side by
  // side; the tests of one file run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its actions, console and network; DOM snapshots and the screencast are
    // left out: recording them for every test cost about a fifth of the suite's time. For them,
    // run the failing file again with `--trace on`.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [...RUN_ALONE, ...STAFF_AWAY, ...MEASUREMENTS],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'staff-away',
      testMatch: STAFF_AWAY,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'alone',
      testMatch: RUN_ALONE,
      dependencies: ['staff-away'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: {
    command: 'node cluster.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '2',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      MONGODB_URI: e2eDatabaseUri(),
      STRIPE_API_URL: process.env.STRIPE_API_URL ?? '',
      // Stop at once when the run ends (the drain for a load balancer is tested in foundation.test.ts).
      SHUTDOWN_DRAIN_MS: '0',
      // One JSON line per request would bury the test report; warnings and errors still show.
      LOG_LEVEL: 'warn',
      // Test keys against stripe-mock; the browser's Stripe.js is a stand-in (tests/e2e/support).
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      ...E2E_APP_SETTINGS,
    },
  },
})
