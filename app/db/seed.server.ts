import type { Model } from 'mongoose'
import { contentChanged } from '#app/content/content-version.server'
import { Plan, Service, Solution, Testimonial } from '#app/models/catalogue.server'
import { seedPlans, seedServices, seedSolutions, seedTestimonials } from './seed-data'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for four differently typed models
async function upsertById(model: Model<any>, records: { id: number }[]) {
  await model.bulkWrite(records.map((record) => ({ replaceOne: { filter: { id: record.id }, replacement: record, upsert: true } })))
}

/** Writes the sample catalogue. Idempotent: records are replaced by their stable id. */
export async function seedCatalogue() {
  await upsertById(Service, seedServices)
  await upsertById(Solution, seedSolutions)
  await upsertById(Plan, seedPlans)
  await upsertById(Testimonial, seedTestimonials)
  await contentChanged()
  return { services: seedServices.length, solutions: seedSolutions.length, plans: seedPlans.length, testimonials: seedTestimonials.length }
}

/**
 * Writes the plans only (POST /api/update-plans). Idempotent like seedCatalogue; cached pages are
 * dropped on every instance either way (prices may have been edited in the database meanwhile).
 */
export async function syncPlanCatalogue() {
  await upsertById(Plan, seedPlans)
  await contentChanged()
  return seedPlans.length
}

/** Seeds only an empty catalogue, so start-up never overwrites a live one. */
export async function seedCatalogueIfEmpty() {
  if ((await Plan.estimatedDocumentCount()) > 0) return null
  return seedCatalogue()
}
