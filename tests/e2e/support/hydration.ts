import { expect, type Page } from '@playwright/test'

/** True once React has hydrated the element `selector` names (React marks it with a __reactFiber… property). */
export function hydratedByReact(page: Page, selector: string) {
  return page.evaluate(
    (target) => Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  )
}

/**
 * Waits until React has hydrated `selector`. Before that the page is the no-JavaScript page: a click
 * on 'Proceed to Checkout' posts its form and goes to Stripe's hosted checkout instead of opening the
 * payment modal. On a busy machine hydration can end well after the load event.
 */
export async function untilHydrated(page: Page, selector: string) {
  await expect.poll(() => hydratedByReact(page, selector), { message: `${selector} hydrated` }).toBe(true)
}
