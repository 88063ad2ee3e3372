import { describe, expect, it } from 'vitest'
import { Plan, Service, Solution, Testimonial } from '#app/catalogue/catalogue-model.server'
import { ContentVersion } from '#app/catalogue/content-version-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { seedPlans, seedServices, seedSolutions, seedTestimonials } from '#app/catalogue/seed-data'
import { seedNews } from '#app/catalogue/seed-news'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('catalogue_seed')

const models = [Service, Solution, Plan, Testimonial, NewsArticle] as const

describe('seeding the catalogue', () => {
  it('succeeds when several instances seed one empty database at the same moment, each record once', async () => {
    // Instances started together in a deploy each find the database empty and seed it: their
    // upserts of one record race, and the loser's insert meets the winner's unique id.
    for (let round = 0; round < 5; round++) {
      for (const model of [...models, ContentVersion]) await model.collection.deleteMany({})
      await Promise.all(Array.from({ length: 4 }, () => seedCatalogue()))
      const counts = await Promise.all(models.map((model) => model.collection.countDocuments()))
      expect(await ContentVersion.collection.countDocuments()).toBe(1)
      expect(counts).toEqual([seedServices.length, seedSolutions.length, seedPlans.length, seedTestimonials.length, seedNews.length])
    }
  }, 60_000)
})
