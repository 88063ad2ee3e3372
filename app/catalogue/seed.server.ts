import type { Model } from 'mongoose'
import { contentChanged } from '#app/catalogue/content-version.server'
import { ILLUSTRATION_SIZE } from '#app/catalogue/illustrations'
import { Plan, Service, Solution, Testimonial } from '#app/catalogue/catalogue-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { retryLostUpsert } from '#app/lib/db/lost-upsert.server'
import { seedNews } from './seed-news'
import { seedPlans, seedServices, seedSolutions, seedTestimonials } from './seed-data'

/** Instances started together on an empty database seed it at once: each record may lose a race. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for five differently typed models
async function upsertById(model: Model<any>, records: { id: number }[]) {
  const writes = records.map((record) => ({ replaceOne: { filter: { id: record.id }, replacement: record, upsert: true } }))
  await retryLostUpsert(() => model.bulkWrite(writes), 5)
}

/** Seed records are listed in the order the site shows them. */
const inOrder = <T extends { id: number }>(records: readonly T[]) => records.map((record) => ({ ...record, position: record.id }))

const seedArticles = () =>
  seedNews.map((article) => ({
    ...article,
    previousSlugs: [],
    publishedAt: new Date(`${article.date}T12:00:00Z`),
    ...(article.image ? { imageWidth: ILLUSTRATION_SIZE.width, imageHeight: ILLUSTRATION_SIZE.height } : {}),
  }))

/**
 * Writes the sample catalogue and articles. Idempotent: records are replaced by their stable id, so
 * it also undoes staff edits of those records (`npm run db:seed` is for development databases).
 */
export async function seedCatalogue() {
  await upsertById(Service, inOrder(seedServices))
  await upsertById(Solution, inOrder(seedSolutions))
  await upsertById(Plan, inOrder(seedPlans))
  await upsertById(Testimonial, inOrder(seedTestimonials))
  await upsertById(NewsArticle, seedArticles())
  await contentChanged()
  return {
    services: seedServices.length,
    solutions: seedSolutions.length,
    plans: seedPlans.length,
    testimonials: seedTestimonials.length,
    news: seedNews.length,
  }
}

/**
 * POST /api/update-plans: puts back the sample plans that are missing (by id) and leaves every other
 * plan as it is, so it never undoes a price or a plan staff changed. Idempotent.
 */
export async function syncPlanCatalogue() {
  const existing = new Set((await Plan.find({}, { id: 1 }).lean<{ id: number }[]>().exec()).map((plan) => plan.id))
  const missing = inOrder(seedPlans).filter((plan) => !existing.has(plan.id))
  if (missing.length > 0) {
    await Plan.insertMany(missing)
    await contentChanged()
  }
  return { plans: existing.size + missing.length, restored: missing.map((plan) => plan.id) }
}

/**
 * Seeds only an empty catalogue, so start-up never overwrites a live one. A database made before
 * articles were stored in it gets the ten sample articles once, the first time it has none.
 */
export async function seedCatalogueIfEmpty() {
  if ((await Plan.estimatedDocumentCount()) === 0) return seedCatalogue()
  if ((await NewsArticle.estimatedDocumentCount()) === 0) {
    await upsertById(NewsArticle, seedArticles())
    await contentChanged()
    return { news: seedNews.length }
  }
  return null
}
