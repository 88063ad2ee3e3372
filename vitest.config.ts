import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { TEST_SCRYPT_COST } from './tests/support/scrypt-cost.ts'

// Integration files that take longest (about 10-26 s each on a fresh clone's run, most of it waiting
// on servers they start and stop, or streaming a large export), longest first. Without timings of its
// own (a fresh clone, CI) Vitest starts the largest files first, and a long but small file left for
// the end kept one of the two workers busy while the other sat idle.
const SLOW_FILES = [
  'hostile-bodies',
  'request-guards',
  'staff-prune',
  'staff-accounts',
  'access-log',
  'foundation',
  'csv-export-memory',
  'database-outage',
  'order-notices-retry',
  'page-cache',
  'security-findings',
  'several-instances',
  'subscriptions',
  'background-jobs',
  'backup-restore',
  'checkout-payments',
  'security-review',
  'cluster',
  'cluster-metrics',
].map((name) => `/tests/integration/${name}.test.ts`)

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow))
      return index < 0 ? SLOW_FILES.length : index
    }
    // Each project's files are reordered among the places Vitest gave that project, so projects stay
    // where they were; the rest keep Vitest's order (toSorted is stable).
    const sorted = await super.sort(files)
    const byProject = new Map<string, TestSpecification[]>()
    for (const file of sorted) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file])
    for (const [name, list] of byProject)
      byProject.set(
        name,
        list.toSorted((a, b) => rank(a) - rank(b)),
      )
    return sorted.map((file) => byProject.get(file.project.name)!.shift()!)
  }
}

// Two projects: unit tests sit beside their modules and need nothing running;
// integration tests talk to the real local database (and stripe-mock, SMTP, HTTP receivers)
// started by scripts/with-services.mjs.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, a single one on a 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share its modules instead of loading them again each (20 s → 6 s
          // on two cores). So every file sees one configuration (getEnv() reads it once), and a
          // file that mocks a module loads what it tests afresh and drops it after (vi.resetModules).
          isolate: false,
          env: { MONGODB_URI: 'mongodb://127.0.0.1:1/unit', SITE_URL: 'https://example.test' },
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
