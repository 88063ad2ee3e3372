import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServerRenderedOnce, StaticIsland, type StaticIslandHtml, StaticIslandHtmlContext } from '#app/components/static-island'
import { islandInnerHtml, StaticIslandHtmlCache } from './static-island-html.server'

function Plans({ names }: { names: string[] }) {
  return (
    <div className="grid">
      {names.map((name) => (
        <div key={name}>
          <dialog>{name}</dialog> <div>{`${name} < Pro & <div>`}</div>
        </div>
      ))}
    </div>
  )
}

function Page({ names, islands = null }: { names: string[]; islands?: StaticIslandHtml | null }) {
  return (
    <StaticIslandHtmlContext value={islands}>
      <div id="main">
        <StaticIsland id="plans" data={{ key: JSON.stringify(names), value: names }}>
          {(value) => <Plans names={value} />}
        </StaticIsland>
        <div>after</div>
      </div>
    </StaticIslandHtmlContext>
  )
}

const render = (names: string[], islands?: StaticIslandHtml) => renderToString(<Page names={names} islands={islands} />)

describe('islandInnerHtml', () => {
  it('finds the markup React wrote inside an island, nested divs and all', () => {
    const page = Buffer.from(render(['Basic', 'Pro']))
    const html = islandInnerHtml(page, 'plans')
    expect(html).toBe(renderToString(<Plans names={['Basic', 'Pro']} />))
  })

  it('answers undefined for an island the page does not have, or one cut short', () => {
    const page = render(['Basic'])
    expect(islandInnerHtml(Buffer.from(page), 'footer')).toBeUndefined()
    expect(islandInnerHtml(Buffer.from(page.slice(0, page.indexOf('</dialog>'))), 'plans')).toBeUndefined()
  })
})

describe('StaticIslandHtmlCache', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('renders an island once, then writes the same page from memory for the same data and path', () => {
    const cache = new StaticIslandHtmlCache()
    const first = cache.forRender('/')
    const fresh = render(['Basic', 'Pro'], first)
    first.storeFrom(Buffer.from(fresh))
    expect(cache.size).toBe(1)

    let lookups = 0
    const second = cache.forRender('/')
    const fromMemory = render(['Basic', 'Pro'], {
      lookup: (id, dataKey) => {
        lookups += 1
        return second.lookup(id, dataKey)
      },
    })
    expect(lookups).toBe(1)
    expect(fromMemory).toBe(fresh)
  })

  it('renders afresh for other data or another path', () => {
    const cache = new StaticIslandHtmlCache()
    const first = cache.forRender('/')
    first.storeFrom(Buffer.from(render(['Basic'], first)))
    const otherData = cache.forRender('/')
    expect(render(['Basic', 'Enterprise'], otherData)).toContain('Enterprise')
    expect(cache.forRender('/news').lookup('plans', JSON.stringify(['Basic']))).toBeUndefined()
    expect(cache.forRender('/').lookup('plans', JSON.stringify(['Basic']))).toBeDefined()
  })

  it('keeps one version per island and path: new data replaces the old', () => {
    const cache = new StaticIslandHtmlCache()
    for (const names of [['Basic'], ['Basic', 'Pro']]) {
      const islands = cache.forRender('/')
      islands.storeFrom(Buffer.from(render(names, islands)))
    }
    expect(cache.size).toBe(1)
    expect(cache.forRender('/').lookup('plans', JSON.stringify(['Basic']))).toBeUndefined()
    expect(cache.forRender('/').lookup('plans', JSON.stringify(['Basic', 'Pro']))).toContain('Pro')
  })

  it('keeps nothing a render made before the content changed, and drops what it held', () => {
    const cache = new StaticIslandHtmlCache()
    const before = cache.forRender('/')
    const page = render(['Basic'], before)
    const other = cache.forRender('/news')
    other.storeFrom(Buffer.from(render(['Basic'], other)))
    expect(cache.size).toBe(1)
    cache.clear()
    expect(cache.size).toBe(0)
    before.storeFrom(Buffer.from(page))
    expect(cache.size).toBe(0)
  })

  it('holds at most its bound, dropping the least recently used, and forgets what is too old', () => {
    vi.useFakeTimers({ now: 0 })
    const cache = new StaticIslandHtmlCache({ maxEntries: 2, ttlMs: 1000 })
    for (const path of ['/a', '/b']) {
      const islands = cache.forRender(path)
      islands.storeFrom(Buffer.from(render(['Basic'], islands)))
    }
    expect(cache.forRender('/a').lookup('plans', '["Basic"]')).toBeDefined() // /a now most recent
    const third = cache.forRender('/c')
    third.storeFrom(Buffer.from(render(['Basic'], third)))
    expect(cache.size).toBe(2)
    expect(cache.forRender('/b').lookup('plans', '["Basic"]')).toBeUndefined()
    expect(cache.forRender('/a').lookup('plans', '["Basic"]')).toBeDefined()
    vi.setSystemTime(1000)
    expect(cache.forRender('/a').lookup('plans', '["Basic"]')).toBeUndefined()
  })

  it('gives the bytes of the HTML a render took from memory, and nothing for other text', () => {
    const cache = new StaticIslandHtmlCache()
    const first = cache.forRender('/')
    first.storeFrom(Buffer.from(render(['Basic'], first)))
    const second = cache.forRender('/')
    const html = second.lookup('plans', JSON.stringify(['Basic']))!
    expect(second.bytesOf(html)).toEqual(Buffer.from(html))
    expect(second.bytesOf('<p>other</p>')).toBeUndefined()
    expect(cache.forRender('/').bytesOf(html)).toBeUndefined() // that render took nothing yet
  })
})

describe('ServerRenderedOnce', () => {
  function Form({ token, visitorValue }: { token: string; visitorValue?: string }) {
    return (
      <form>
        <input name="token" value={token} readOnly /> <textarea defaultValue={visitorValue ?? ''} />
      </form>
    )
  }
  function FormPage({ token, visitorValue, islands }: { token: string; visitorValue?: string; islands: StaticIslandHtml }) {
    return (
      <StaticIslandHtmlContext value={islands}>
        <ServerRenderedOnce id="form-box" data={token} renderAfresh={visitorValue !== undefined}>
          <Form token={token} visitorValue={visitorValue} />
        </ServerRenderedOnce>
      </StaticIslandHtmlContext>
    )
  }
  const countingLookups = (islands: StaticIslandHtml) => {
    const counted = { lookups: 0, hits: 0 }
    const lookup: StaticIslandHtml['lookup'] = (id, dataKey) => {
      counted.lookups += 1
      const html = islands.lookup(id, dataKey)
      if (html !== undefined) counted.hits += 1
      return html
    }
    return { counted, islands: { lookup } }
  }

  it('renders its content once for the same data, then writes the same HTML from memory', () => {
    const cache = new StaticIslandHtmlCache()
    const first = cache.forRender('/')
    const fresh = renderToString(<FormPage token="t1" islands={first} />)
    first.storeFrom(Buffer.from(fresh))
    expect(fresh).toContain('<div id="form-box" class="contents"><form>')

    const { counted, islands } = countingLookups(cache.forRender('/'))
    expect(renderToString(<FormPage token="t1" islands={islands} />)).toBe(fresh)
    expect(counted).toEqual({ lookups: 1, hits: 1 })
    expect(renderToString(<FormPage token="t2" islands={cache.forRender('/')} />)).toContain('value="t2"')
  })

  it('never keeps or reuses content shown to one visitor (renderAfresh)', () => {
    const cache = new StaticIslandHtmlCache()
    const first = cache.forRender('/')
    first.storeFrom(Buffer.from(renderToString(<FormPage token="t1" islands={first} />)))
    const { counted, islands } = countingLookups(cache.forRender('/'))
    const withValues = renderToString(<FormPage token="t1" visitorValue="my phone number" islands={islands} />)
    expect(withValues).toContain('my phone number')
    expect(counted.lookups).toBe(0)
    const sizeBefore = cache.size
    const render = cache.forRender('/')
    render.storeFrom(Buffer.from(renderToString(<FormPage token="t9" visitorValue="my phone number" islands={render} />)))
    expect(cache.size).toBe(sizeBefore)
  })
})
