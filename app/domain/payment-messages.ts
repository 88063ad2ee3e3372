// Payment texts shared by the checkout page, its payment modal and the server, kept apart from
// payment-request.ts so the page does not load zod just to show them.

/** Said by the payment step and the API when the site has no Stripe keys (the local default). */
export const CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Card payments are not configured on this site yet. Please call us or use the contact form and we will set up your plan.'
