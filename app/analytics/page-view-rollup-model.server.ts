import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * What a page-view document counts, an hour's (here) or a day's (page-view-day-model.server.ts).
 * `as const`, so mongoose types each field as required.
 */
export const pageViewCounts = {
  views: { type: Number, required: true },
  /** Views that start a visit (from another site, a link elsewhere or the address bar). */
  visits: { type: Number, required: true },
  /** Arrivals at checkout. */
  checkouts: { type: Number, required: true },
  /** JSON [[path, views], …], at most PAGES_PER_BUCKET an hour, PAGES_PER_DAY a day. */
  pages: { type: String, required: true },
  /** JSON [[source, visits], …], at most SOURCES_PER_BUCKET an hour, SOURCES_PER_DAY a day. */
  sources: { type: String, required: true },
  /** Visits by device. */
  phone: { type: Number, required: true },
  desktop: { type: Number, required: true },
} as const

/**
 * Page views per hour and per server instance, kept 60 days (see page-view-rollup.ts). Each
 * instance writes only its own documents, replacing them whole, like the access-log rollups.
 */
const pageViewRollupSchema = new Schema(
  {
    _id: { type: String, required: true },
    bucket: { type: Date, required: true },
    ...pageViewCounts,
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
)
pageViewRollupSchema.index({ bucket: 1 })

export type PageViewRollupDocument = InferSchemaType<typeof pageViewRollupSchema>

export const PageViewRollup = defineModel('PageViewRollup', pageViewRollupSchema)
