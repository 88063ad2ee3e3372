import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Card } from './card'

describe('a staff panel', () => {
  it('is not a named region unless asked, so a form heading never names one', () => {
    const html = renderToString(<Card title="Reply">body</Card>)
    expect(html).not.toContain('aria-labelledby')
    expect(html).toMatch(/<h2[^>]*>Reply<\/h2>body/)
  })

  it('is named by its heading when it is a region, with a given or generated id', () => {
    expect(renderToString(<Card region headingId="orders-heading" title="All Orders" />)).toMatch(
      /<section aria-labelledby="orders-heading"[^>]*><h2 id="orders-heading"/,
    )
    const html = renderToString(<Card region level={3} title="Sources" />)
    const id = /aria-labelledby="([^"]+)"/.exec(html)?.[1]
    expect(id).toBeTruthy()
    expect(html).toContain(`<h3 id="${id}"`)
  })

  it('keeps a name given without a heading, and shows actions beside the heading', () => {
    expect(renderToString(<Card aria-label="Order details" />)).toMatch(/<section aria-label="Order details"[^>]*><\/section>/)
    const html = renderToString(<Card title="Enquiries" actions={<button type="submit">Close selected</button>} />)
    expect(html).toMatch(/<div class="flex flex-wrap[^"]*"><h2[^>]*>Enquiries<\/h2><button/)
  })
})
