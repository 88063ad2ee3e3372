// npm run db:seed: writes the sample catalogue (idempotent) into the database at MONGODB_URI.
import { getEnv } from '#app/lib/config/env.server'
import { connectToDatabase, disconnectFromDatabase } from '#app/lib/db/connection.server'
import { seedCatalogue } from '#app/catalogue/seed.server'

const env = getEnv()
await connectToDatabase(env.MONGODB_URI)
const counts = await seedCatalogue()
console.log(`seeded ${counts.services} services, ${counts.solutions} solutions, ${counts.plans} plans, ${counts.testimonials} testimonials`)
await disconnectFromDatabase()
