/**
 * log2 of scrypt's N for staff password hashes in every test server and test process: 2^10 costs a
 * few milliseconds where production's 2^17 costs seconds on a busy machine. The app accepts it only on
 * a loopback SITE_URL (env.server.ts); the production cost is unit-tested in app/staff/password.server.test.ts.
 */
export const TEST_SCRYPT_COST = '10'

/** For a test server configured as a public site (https SITE_URL, REQUIRE_SECRETS): production's cost, the only one it accepts. */
export const PRODUCTION_SCRYPT_COST_ENV = { PASSWORD_SCRYPT_COST: '' }
