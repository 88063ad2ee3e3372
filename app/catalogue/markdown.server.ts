import MarkdownIt from 'markdown-it'

// Article bodies are Markdown written by staff, rendered here on the server only (the library
// never reaches a browser) into HTML the page inserts as is. So nothing a writer types may become
// markup of its own: raw HTML is off (a <script> or an <img onerror> shows as text), and every link
// and image address is checked against an allow-list before it is written.

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false })

/** Links may go to this site's paths, to web pages, to e-mail or to a phone number; nothing else. */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim()
  if (trimmed.startsWith('/')) return !trimmed.startsWith('//') && !trimmed.startsWith('/\\')
  if (trimmed.startsWith('#')) return true
  return /^(?:https?:\/\/|mailto:|tel:)/i.test(trimmed)
}

/** Images may only be the site's own files (its illustrations and uploads): no tracking pixels. */
function isSafeImage(url: string): boolean {
  return /^\/(?:images|uploads)\/[\w./-]+$/.test(url) && !url.includes('..')
}

markdown.validateLink = isSafeLink

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options))

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!
  const href = String(token.attrGet('href') ?? '')
  // Another site's page: it gets no window.opener and no referrer, and no endorsement.
  if (/^https?:\/\//i.test(href)) token.attrSet('rel', 'nofollow noopener noreferrer')
  return defaultLinkOpen(tokens, index, options, env, self)
}

markdown.renderer.rules.image = (tokens, index) => {
  const token = tokens[index]!
  const src = String(token.attrGet('src') ?? '')
  const alt = markdown.utils.escapeHtml(token.content)
  if (!isSafeImage(src)) return alt
  return `<img src="${markdown.utils.escapeHtml(src)}" alt="${alt}" loading="lazy" decoding="async">`
}

// The page's title is its only h1: a '# heading' in the body becomes an h2 like '## heading'.
markdown.core.ruler.push('no_h1', (state) => {
  for (const token of state.tokens)
    if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2'
})

/** The HTML for an article body. */
export function renderMarkdown(source: string): string {
  return markdown.render(source)
}
