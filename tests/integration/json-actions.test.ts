import { randomInt } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { contextFor } from '#app/lib/http/request-context'
import { setupTestDatabase } from '#tests/support/database'

// Every JSON API action takes its request the same way (app/lib/http/json-action.server.ts) and
// refuses in the same shapes: 405 with Allow, 415, 413, and one 400 body {message, errors}.
// The route modules are called as React Router calls them, against a real database; the staff
// guard is replaced by a signed-in admin (over HTTP, tests/integration/checkout-payments.test.ts).
vi.mock('#app/staff/require-admin.server', () => ({
  requireAdminApi: vi.fn(async () => ({ id: 'staff-1', username: 'staff' })),
}))

setupTestDatabase('json_actions')

type ActionModule = { action: (args: never) => Promise<Response>; loader: () => Response }

const endpoints: { path: string; module: () => Promise<ActionModule>; invalid: unknown; field: string; maxBytes: number }[] = [
  {
    path: '/api/contact',
    module: () => import('#app/routes/api/contact'),
    invalid: { name: 'J', email: 'jordan@example.com', message: 'A message long enough.' },
    field: 'name',
    maxBytes: 32 * 1024,
  },
  {
    path: '/api/teams-chat',
    module: () => import('#app/routes/api/teams-chat'),
    invalid: { message: '   ' },
    field: 'message',
    maxBytes: 32 * 1024,
  },
  {
    path: '/api/create-payment-intent',
    module: () => import('#app/routes/api/create-payment-intent'),
    invalid: { planId: '1', name: 'Dana Reyes', email: 'not-an-address', amount: 299 },
    field: 'email',
    maxBytes: 8 * 1024,
  },
  {
    path: '/api/orders/000000000000000000000000/update-status',
    module: () => import('#app/routes/api/orders.$id.update-status'),
    invalid: { status: 'shipped' },
    field: 'status',
    maxBytes: 2 * 1024,
  },
]

function call(module: ActionModule, path: string, init: { method?: string; body?: string; contentType?: string }) {
  const request = new Request(`http://localhost${path}`, {
    method: init.method ?? 'POST',
    headers: { 'Content-Type': init.contentType ?? 'application/json' },
    body: init.body,
  })
  const args = {
    request,
    url: new URL(request.url),
    params: { id: '000000000000000000000000' },
    pattern: path,
    context: contextFor({ cspNonce: '', clientIp: `203.0.113.${randomInt(1, 255)}`, requestId: 'test' }),
  }
  return module.action(args as never)
}

describe.each(endpoints)('POST $path', ({ path, module, invalid, field, maxBytes }) => {
  it('answers a GET and a PUT with 405, naming POST in Allow', async () => {
    const routes = await module()
    const get = routes.loader()
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    expect(await get.json()).toMatchObject({ message: expect.stringMatching(/^Use POST/) })
    const put = await call(routes, path, { method: 'PUT', body: '{}' })
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toBe('POST')
  })

  it('refuses a body that is not JSON with 415 and one that is too large with 413', async () => {
    const routes = await module()
    const form = await call(routes, path, { body: 'a=1', contentType: 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    const tooLarge = await call(routes, path, { body: JSON.stringify({ text: 'x'.repeat(maxBytes) }) })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toMatchObject({ message: expect.stringContaining('too large') })
  })

  it('answers broken JSON and a bad field with the one 400 shape {message, errors}', async () => {
    const routes = await module()
    const broken = await call(routes, path, { body: '{"name":' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({
      message: 'The request body is not valid JSON.',
      errors: { form: ['The request body is not valid JSON.'] },
    })

    const bad = await call(routes, path, { body: JSON.stringify(invalid) })
    expect(bad.status).toBe(400)
    const body = (await bad.json()) as { message: string; errors: Record<string, string[]> }
    expect(Object.keys(body.errors)).toContain(field)
    expect(body.message).toBe(Object.values(body.errors).flat()[0])
  })
})
