// npm run db:seed: writes the sample catalogue (idempotent) into the database at MONGODB_URI.
import { getEnv } from '#app/config/env.server'
import { connectToDatabase, disconnectFromDatabase } from '#app/db/connection.server'
import { seedCatalogue } from '#app/db/seed.server'

const env = getEnv()
await connectToDatabase(env.MONGODB_URI)
const counts = await seedCatalogue()
console.log(`seeded ${counts.services} services, ${counts.solutions} solutions, ${counts.plans} plans, ${counts.testimonials} testimonials`)
await disconnectFromDatabase()
