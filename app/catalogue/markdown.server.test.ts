import { describe, expect, it } from 'vitest'
import { seedNews } from '#app/catalogue/seed-news'
import { isSafeLink, renderMarkdown } from './markdown.server'

describe('article Markdown', () => {
  it('renders headings, paragraphs, lists and local links', () => {
    const html = renderMarkdown('Intro with [our plans](/#pricing).\n\n## Next steps\n\n- one\n- two')
    expect(html).toBe(
      '<p>Intro with <a href="/#pricing">our plans</a>.</p>\n<h2>Next steps</h2>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    )
  })

  it('shows raw HTML as text: a script, an image with onerror, an iframe', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\nText <iframe src="https://evil.example"></iframe>',
    )
    expect(html).not.toMatch(/<script|<img|<iframe/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('never writes a javascript:, vbscript: or data: link, however it is spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,<b>x</b>',
    ]) {
      const html = renderMarkdown(`[click](${href}) and <${href}>`)
      expect(html).not.toMatch(/href="(?!\/)/)
      expect(html).not.toMatch(/<a /)
    }
  })

  it('marks links to other sites nofollow noopener noreferrer', () => {
    expect(renderMarkdown('[Microsoft](https://www.microsoft.com/)')).toBe(
      '<p><a href="https://www.microsoft.com/" rel="nofollow noopener noreferrer">Microsoft</a></p>\n',
    )
  })

  it('keeps images to the site own files and writes others as their alt text', () => {
    expect(renderMarkdown('![A chart](/uploads/0123456789abcdef01234567.png)')).toContain(
      '<img src="/uploads/0123456789abcdef01234567.png" alt="A chart"',
    )
    expect(renderMarkdown('![pixel](https://tracker.example/p.gif)')).toBe('<p>pixel</p>\n')
    expect(renderMarkdown('![x" onerror="alert(1)](/images/a.svg)')).toContain('alt="x&quot; onerror=&quot;alert(1)"')
  })

  it('turns a # heading into an h2: the title is the page h1', () => {
    expect(renderMarkdown('# Big')).toBe('<h2>Big</h2>\n')
  })

  it('accepts the link kinds staff use', () => {
    expect(['/news', '#top', 'https://x.example', 'mailto:a@b.example', 'tel:+14045550100'].every(isSafeLink)).toBe(true)
    expect(['//evil.example', '/\\evil.example', 'ftp://x', 'javascript:x'].some(isSafeLink)).toBe(false)
  })

  it('renders every seeded article with its sections as h2 and no stray markup', () => {
    for (const article of seedNews) {
      const html = renderMarkdown(article.body)
      expect(html).toMatch(/^<p>/)
      expect(html).not.toContain('<h1>')
      expect(html).not.toMatch(/[*_`]/)
    }
  })
})
