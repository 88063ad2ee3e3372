import { defineConfig } from 'vitest/config'

// Two projects: unit tests sit beside their modules and need nothing running;
// integration tests talk to the real local database (and stripe-mock, SMTP, HTTP receivers)
// started by scripts/with-services.mjs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file has a database of its own (FerretDB keeps each in its own SQLite file), so files
          // run side by side, one per core.
        },
      },
    ],
  },
})
