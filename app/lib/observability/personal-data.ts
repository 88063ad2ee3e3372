// Log lines never carry personal data: the server logs named fields it chose (ids, statuses,
// counts), never request bodies, headers or e-mails. Free text that can't be chosen field by field
// (error messages from the database driver, SMTP or Teams; a path a visitor typed) goes through
// this last net, which masks what looks like an e-mail address or a phone or card number.

// A match starts only where a run of address characters starts (the lookbehind), so a long run
// without a valid domain is scanned once rather than once per character.
const EMAIL = /(?<![^\s@<>()[\]"',;:/])[^\s@<>()[\]"',;:/]+@[^\s@<>()[\]"',;:/]+\.[a-z]{2,}/gi
// Nine or more digits, optionally separated by spaces, dots, dashes or brackets: phone and card
// numbers. Not inside a word, so hexadecimal ids (64f1a2…) and version strings stay readable.
const LONG_NUMBER = /(?<![\w.])\+?\d(?:[ ().-]{0,2}\d){8,}(?![\w])/g

export function maskPersonalData(text: string): string {
  if (!text.includes('@') && !/\d{3}/.test(text)) return text // the common case, cheaply
  return text.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]')
}
