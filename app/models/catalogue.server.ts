import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel, toJSONWithId } from '#app/db/define-model.server'

// Catalogue records keep small, stable integer ids (set by the seed), so links such as
// /checkout/2 keep working across re-seeds.
const catalogueId = { type: Number, required: true, unique: true, min: 1 } as const
const requiredText = { type: String, required: true, trim: true } as const
const featureList = { type: [String], required: true, default: undefined } as const

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
