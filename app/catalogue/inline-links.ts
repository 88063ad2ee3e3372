// Written content (articles, legal pages) is plain text with one kind of markup: a link to a page
// of this site, written [words](/path). Anything else, an outside address included, stays text.

export type TextPart = string | { text: string; href: string }

// Neither part may hold a '[', so an attempt ends at the next one: a paragraph of unclosed
// brackets is scanned once, not once per bracket.
const LINK = /\[([^[\]\n]+)\]\((\/[^)\s[]*)\)/g

/** Splits a paragraph into text and local links, in order. */
export function inlineLinks(paragraph: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of paragraph.matchAll(LINK)) {
    const [whole, text, href] = match
    // Only paths of this site: '//host' would leave it.
    if (href!.startsWith('//')) continue
    if (match.index > last) parts.push(paragraph.slice(last, match.index))
    parts.push({ text: text!, href: href! })
    last = match.index + whole.length
  }
  if (last < paragraph.length) parts.push(paragraph.slice(last))
  return parts
}
