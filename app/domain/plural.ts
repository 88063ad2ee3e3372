// Counts in words: '1 account', '2 accounts', '1,204 enquiries'. English plurals are regular
// enough for the site's nouns; the irregular ones are named here.
const IRREGULAR: Record<string, string> = { enquiry: 'enquiries', entry: 'entries', reply: 'replies', person: 'people', status: 'statuses' }

export function plural(noun: string, count: number): string {
  if (count === 1) return noun
  return IRREGULAR[noun] ?? `${noun}s`
}

/** The number (with thousands separators) and its noun. */
export function formatCount(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${plural(noun, count)}`
}
