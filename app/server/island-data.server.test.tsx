import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type IslandData, IslandValuesContext, StaticIsland } from '#app/components/static-island'
import { contextFor, requestInfo } from '#app/lib/http/request-context'
import { islandData } from './island-data.server'

const plans = { ok: true, items: [{ id: 1, name: 'Essential', price: 99 }] }
const requestContext = (documentRequest: boolean) =>
  contextFor({ cspNonce: undefined, clientIp: '127.0.0.1', requestId: 'test', documentRequest })

function PlansIsland({ data }: { data: IslandData<typeof plans> }) {
  return (
    <StaticIsland id="plans" data={data}>
      {({ items }) => (
        <ul>
          {items.map((plan) => (
            <li key={plan.id}>{`${plan.name} $${plan.price}`}</li>
          ))}
        </ul>
      )}
    </StaticIsland>
  )
}

describe('islandData', () => {
  it('keeps a document request’s island data on the server and hands the page only its key', () => {
    const context = requestContext(true)
    const data = islandData(context, plans)
    expect(data).toEqual({ key: expect.any(String) })
    expect(JSON.stringify(data)).not.toContain('Essential')
    expect(requestInfo(context).outcome.islandValues.get(data.key)).toBe(plans)
  })

  it('gives a data request (client-side navigation, revalidation) the data itself', () => {
    const context = requestContext(false)
    const data = islandData(context, plans)
    expect(data.value).toBe(plans)
    expect(requestInfo(context).outcome.islandValues.size).toBe(0)
  })

  it('gives the same data the same key, and other data another', () => {
    const key = islandData(requestContext(true), plans).key
    expect(islandData(requestContext(false), structuredClone(plans)).key).toBe(key)
    expect(islandData(requestContext(true), { ...plans, items: [{ id: 1, name: 'Essential', price: 109 }] }).key).not.toBe(key)
  })

  it('renders on the server from the data kept there, as it would from the data itself', () => {
    const context = requestContext(true)
    const keyOnly = islandData(context, plans)
    const fromServer = renderToString(
      <IslandValuesContext value={requestInfo(context).outcome.islandValues}>
        <PlansIsland data={keyOnly} />
      </IslandValuesContext>,
    )
    expect(fromServer).toContain('Essential $99')
    expect(fromServer).toBe(renderToString(<PlansIsland data={islandData(requestContext(false), plans)} />))
  })

  it('refuses to render an island with neither its data nor its HTML, rather than render it empty', () => {
    const keyOnly = islandData(requestContext(true), plans)
    expect(() => renderToString(<PlansIsland data={keyOnly} />)).toThrow(/neither its data nor its HTML/)
  })
})
