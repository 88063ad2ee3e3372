/**
 * The owner account the e2e server starts with (ADMIN_USERNAME and ADMIN_PASSWORD in
 * playwright.config.ts): production never has a known demo pair, so the tests bring their own.
 */
export const STAFF = { username: 'e2e-owner', password: 'an e2e staff passphrase, long enough' } as const
