import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel, toJSONWithId } from '#app/lib/db/define-model.server'
import { ORDER_STATUSES } from '#app/domain/order-status'
import { MS365_OPTION_IDS } from '#app/domain/pricing'

export const PAYMENT_METHODS = ['credit_card'] as const

function requiredUnlessHostedCheckout(this: { stripeCheckoutSessionId?: string | null }) {
  return !this.stripeCheckoutSessionId
}

const orderSchema = new Schema(
  {
    // Required, except on an order paid through the hosted Stripe Checkout page (the
    // no-JavaScript path): Stripe collects them there and the webhook copies them here.
    name: { type: String, required: requiredUnlessHostedCheckout, trim: true },
    email: { type: String, required: requiredUnlessHostedCheckout, trim: true, lowercase: true },
    phone: { type: String, trim: true },
    planId: { type: Number, required: true },
    paymentMethod: { type: String, required: true, enum: PAYMENT_METHODS, default: 'credit_card' },
    ms365Option: { type: String, required: true, enum: MS365_OPTION_IDS, default: 'none' },
    ms365Users: { type: Number, required: true, default: 0, min: 0 },
    includeCloudBackup: { type: Boolean, required: true, default: false },
    status: { type: String, required: true, enum: ORDER_STATUSES, default: 'pending' },
    /** Monthly total in US dollars, computed by the server from domain/pricing. */
    amount: { type: Number, required: true, min: 0 },
    /** Stripe id of what settles the order (payment intent or checkout session). */
    paymentId: { type: String },
    stripeCustomerId: { type: String },
    stripeSubscriptionId: { type: String },
    stripeCheckoutSessionId: { type: String },
    /** SHA-256 of the token the buyer reads this order's status with (payments/order-access.server.ts). */
    accessTokenHash: { type: String },
    /** What Stripe last said of the subscription; newest event wins by Stripe's `created`. */
    subscription: {
      type: new Schema(
        {
          id: { type: String, required: true },
          status: { type: String, required: true },
          currentPeriodEnd: { type: Date, default: null },
          cancelAtPeriodEnd: { type: Boolean, required: true, default: false },
          itemQuantities: { ms365: { type: Number }, backup: { type: Number } },
          stripeUpdatedAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    /** Every invoice of the subscription, newest state of each by the event's `created`. */
    invoices: {
      type: [
        new Schema(
          {
            id: { type: String, required: true },
            number: { type: String, default: null },
            /** US dollars. */
            amount: { type: Number, required: true },
            currency: { type: String, required: true },
            status: { type: String, required: true },
            paidAt: { type: Date, default: null },
            url: { type: String, default: null },
            stripeUpdatedAt: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    /** Stripe's `created` of the newest event that set or confirmed `status`: an older event never overrides it. */
    statusChangedAt: { type: Date },
    /** When the buyer's confirmation and the staff notice were queued (once per order). */
    notifiedPaidAt: { type: Date },
    /** When staff were told of a failed renewal (once per time the order falls past due). */
    notifiedPastDueAt: { type: Date },
    /** Webhook event ids already applied, so a replayed event changes nothing. */
    appliedEventIds: { type: [String], default: [] },
    createdAt: { type: Date, required: true, default: Date.now },
    updatedAt: { type: Date, required: true, default: Date.now },
  },
  { toJSON: toJSONWithId },
)
orderSchema.index({ status: 1, createdAt: -1 })
orderSchema.index({ createdAt: -1 })
orderSchema.index({ stripeSubscriptionId: 1 })
orderSchema.index({ stripeCheckoutSessionId: 1 })
orderSchema.index({ paymentId: 1 })
orderSchema.index({ stripeCustomerId: 1 })
orderSchema.index({ email: 1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type OrderDocument = InferSchemaType<typeof orderSchema>

export const Order = defineModel('Order', orderSchema)
