import { changeRecord, readRecord } from '#app/catalogue/content-api.server'
import type { Route } from './+types/content-record'

// GET, PATCH and DELETE /api/admin/<kind>/:id (content/content-api.server.ts).
export const loader = (args: Route.LoaderArgs) => readRecord(args)
export const action = (args: Route.ActionArgs) => changeRecord(args)
