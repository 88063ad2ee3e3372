import { describe, expect, it, vi } from 'vitest'
import { contextFor } from '#app/lib/http/request-context'
import { Order } from '#app/orders/order-model.server'
import { setupTestDatabase } from '#tests/support/database'

// The staff-only status update's rules, called as its route module with the guard replaced by a
// signed-in admin. Over HTTP (no session: 401; a real staff session: the body checks 415, 413 and
// 400, then the update) tests/integration/checkout-payments.test.ts checks it.
vi.mock('#app/staff/require-admin.server', () => ({
  requireAdminApi: vi.fn(async () => ({ id: 'staff-1', username: 'staff' })),
}))
const { action } = await import('#app/routes/api/orders.$id.update-status')

setupTestDatabase('order_status')

async function newOrder(status: 'pending' | 'paid' | 'failed' | 'canceled' = 'pending') {
  const order = await Order.create({ name: 'Dana Reyes', email: 'dana@example.com', planId: 1, amount: 299, status })
  return String(order._id)
}

function update(id: string, body: unknown) {
  const request = new Request(`http://localhost/api/orders/${id}/update-status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const url = new URL(request.url)
  return action({
    request,
    url,
    params: { id },
    pattern: '/api/orders/:id/update-status',
    context: contextFor({ cspNonce: '', clientIp: '127.0.0.1', requestId: 'test' }),
  })
}

describe('changing an order status as staff', () => {
  it('marks a pending order paid with its payment id', async () => {
    const id = await newOrder()
    const response = await update(id, { status: 'paid', paymentId: 'pi_123' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id, status: 'paid', paymentId: 'pi_123' })
    expect(await Order.findById(id).lean()).toMatchObject({ status: 'paid', paymentId: 'pi_123' })
  })

  it('refuses a transition the status rules do not allow', async () => {
    const id = await newOrder('paid')
    const response = await update(id, { status: 'pending' })
    expect(response.status).toBe(409)
    expect(((await response.json()) as { message: string }).message).toBe('An order that is paid cannot become pending.')
    expect((await Order.findById(id).lean())?.status).toBe('paid')
  })

  it('refuses an unknown status, a body that is not JSON and an unknown order', async () => {
    const id = await newOrder()
    const unknown = await update(id, { status: 'shipped' })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { message: string }).message).toBe('Status must be one of pending, paid, past_due, failed, canceled')
    const notJson = await update(id, 'status=paid')
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as { message: string }).message).toBe('The request body is not valid JSON.')
    expect((await update('000000000000000000000000', { status: 'paid' })).status).toBe(404)
    expect((await Order.findById(id).lean())?.status).toBe('pending')
  })
})
