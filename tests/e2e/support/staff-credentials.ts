/**
 * The owner account the e2e server starts with (ADMIN_USERNAME and ADMIN_PASSWORD in
 * playwright.config.ts): production never has a known demo pair, so the tests bring their own.
 * Its display name (what visitors read on chat replies) is set once the session is made (staff.ts).
 */
export const STAFF = { username: 'e2e-owner', password: 'an e2e staff passphrase, long enough', displayName: 'Erin Owner' } as const
