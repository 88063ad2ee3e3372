import { defineConfig } from 'vitest/config'
import { TEST_SCRYPT_COST } from './tests/support/scrypt-cost'

// Two projects: unit tests sit beside their modules and need nothing running;
// integration tests talk to the real local database (and stripe-mock, SMTP, HTTP receivers)
// started by scripts/with-services.mjs.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, a single one on a 2-core machine.
    maxWorkers: 2,
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
          // Cheap staff password hashes here and in the servers the tests start (tests/support/scrypt-cost.ts).
          env: { PASSWORD_SCRYPT_COST: TEST_SCRYPT_COST },
          setupFiles: ['tests/support/integration-setup.ts'],
          // Every file has a database of its own (FerretDB keeps each in its own SQLite file), so two
          // files run side by side.
        },
      },
    ],
  },
})
