import { TEST_SCRYPT_COST } from '../../support/scrypt-cost'
import { STAFF } from './staff-credentials'

/** The e2e database: the server in MONGODB_URI (scripts/with-services.mjs provides it), database `e2e`. */
export function e2eDatabaseUri() {
  return `${(process.env.MONGODB_URI ?? '').replace(/\/?$/, '/')}e2e`
}

/**
 * Settings every app instance of the e2e tests runs with: the e2e server (playwright.config.ts) and
 * the second instance some tests start on the same database, so the two behave alike.
 */
export const E2E_APP_SETTINGS = {
  // Every test runs from 127.0.0.1: tests that post forms send their own X-Forwarded-For address
  // (support/client-address.ts) so per-IP rate limits (enquiries, sign-in) don't mix between tests.
  TRUST_PROXY: '1',
  // The support chat is staffed whenever a staff page is open, whatever the hour the tests run
  // (business hours are unit-tested in app/domain/support-hours.test.ts).
  SUPPORT_HOURS: 'always',
  ADMIN_USERNAME: STAFF.username,
  ADMIN_PASSWORD: STAFF.password,
  // Staff password hashes cost milliseconds instead of seconds (tests/support/scrypt-cost.ts).
  PASSWORD_SCRYPT_COST: TEST_SCRYPT_COST,
}
