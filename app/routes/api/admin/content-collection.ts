import { createRecord, listRecords } from '#app/catalogue/content-api.server'
import type { Route } from './+types/content-collection'

// GET and POST /api/admin/plans, services, solutions, testimonials and news (content/content-api.server.ts).
export const loader = (args: Route.LoaderArgs) => listRecords(args)
export const action = (args: Route.ActionArgs) => createRecord(args)
