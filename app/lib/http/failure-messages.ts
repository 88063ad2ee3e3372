// What visitors and staff are told when part of the system is away: shared by server answers and
// the pages' own failure states, so it never needs the server module in the browser.

export const DATABASE_UNAVAILABLE_MESSAGE = 'Our system is temporarily unavailable. Please try again in a minute.'
