import { describe, expect, it } from 'vitest'
import { swipeDismisses, swipeOffset, TOAST_SWIPE_THRESHOLD_PX, withToastDefaults } from './toast'
import { toastSchema } from './toast-schema'

describe('toasts', () => {
  it('are swiped away to the right from 50 px on; less, or leftwards, springs back', () => {
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50)
    expect(swipeDismisses(swipeOffset(100, 150))).toBe(true)
    expect(swipeDismisses(swipeOffset(100, 149))).toBe(false)
    expect(swipeOffset(100, 20)).toBe(0)
  })

  it('get an id and the default variant when none is given', () => {
    expect(withToastDefaults({ title: 'Saved' })).toMatchObject({ title: 'Saved', variant: 'default', id: expect.any(String) })
  })

  it('read from the flash cookie carry an action only when it links to a page of this site', () => {
    const action = { label: 'All orders', href: '/admin/orders' }
    expect(toastSchema.parse({ title: 'Order updated', action }).action).toEqual(action)
    for (const href of ['https://elsewhere.example/', '//elsewhere.example', '/\\elsewhere.example', 'javascript:alert(1)']) {
      expect(toastSchema.safeParse({ title: 'Order updated', action: { label: 'Go', href } }).success).toBe(false)
    }
  })
})
