import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel, toJSONWithId } from '#app/lib/db/define-model.server'

// Catalogue records keep small, stable integer ids (set by the seed), so links such as
// /checkout/2 keep working across re-seeds.
const catalogueId = { type: Number, required: true, unique: true, min: 1 } as const
const requiredText = { type: String, required: true, trim: true } as const
const featureList = { type: [String], required: true, default: undefined } as const

// What staff editing adds to every record: its place in the lists the site shows, whether
// it is shown, and a version that every save names and raises, so a save made from an older copy is
// refused instead of silently overwriting someone else's (content/content-editing.server.ts).
const editing = {
  position: { type: Number, required: true, default: 0 },
  version: { type: Number, required: true, default: 0 },
  updatedAt: { type: Date },
  updatedBy: { type: String },
  /** Set by Delete: the record leaves the site at once and is purged 30 days later unless restored. */
  deletedAt: { type: Date },
  deletedBy: { type: String },
} as const
/** The filter every read outside the "Recently deleted" view adds: deleted records are nowhere else. */
export const NOT_DELETED = { deletedAt: { $exists: false } } as const

const hidden = { type: Boolean, required: true, default: false } as const

const serviceSchema = new Schema(
  {
    id: catalogueId,
    name: requiredText,
    description: requiredText,
    shortDescription: requiredText,
    price: { type: Number, required: true, min: 0 },
    priceType: { type: String, required: true, default: 'month' },
    image: requiredText,
    features: featureList,
    hidden,
    ...editing,
  },
  { toJSON: toJSONWithId },
)

const solutionSchema = new Schema(
  {
    id: catalogueId,
    name: requiredText,
    description: requiredText,
    industry: requiredText,
    image: requiredText,
    features: featureList,
    hidden,
    ...editing,
  },
  { toJSON: toJSONWithId },
)

const testimonialSchema = new Schema(
  {
    id: catalogueId,
    name: requiredText,
    company: requiredText,
    comment: requiredText,
    rating: { type: Number, required: true, min: 1, max: 5, validate: Number.isInteger },
    image: { type: String, trim: true },
    /** Shown in the home page's testimonials section. */
    shown: { type: Boolean, required: true, default: true },
    ...editing,
  },
  { toJSON: toJSONWithId },
)

const planSchema = new Schema(
  {
    id: catalogueId,
    name: requiredText,
    price: { type: Number, required: true, min: 0 },
    description: requiredText,
    popular: { type: Boolean, required: true, default: false },
    features: featureList,
    hidden,
    ...editing,
  },
  { toJSON: toJSONWithId },
)

/** Stored catalogue records, as their schemas define them. */
export type ServiceDocument = InferSchemaType<typeof serviceSchema>
export type SolutionDocument = InferSchemaType<typeof solutionSchema>
export type TestimonialDocument = InferSchemaType<typeof testimonialSchema>
export type PlanDocument = InferSchemaType<typeof planSchema>

export const Service = defineModel('Service', serviceSchema)
export const Solution = defineModel('Solution', solutionSchema)
export const Testimonial = defineModel('Testimonial', testimonialSchema)
export const Plan = defineModel('Plan', planSchema)
