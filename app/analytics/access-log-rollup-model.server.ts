import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * Running totals of the access log per 10-minute bucket and per server instance, so the staff
 * analytics read a few hundred small documents instead of aggregating every entry of the day.
 * Each instance writes only its own documents (the id names the instance), replacing them whole
 * with the totals it keeps in memory: no concurrent $inc, which FerretDB doesn't make atomic.
 */
const accessLogRollupSchema = new Schema(
  {
    _id: { type: String, required: true },
    bucket: { type: Date, required: true },
    requests: { type: Number, required: true },
    totalTimeMs: { type: Number, required: true },
    /** JSON [[status, count], …]. */
    statuses: { type: String, required: true },
    /** JSON [[path, count], …], the bucket's busiest pages. */
    paths: { type: String, required: true },
    /** Base64 HyperLogLog sketch of the visitor keys (see observability/visitor-sketch.ts). */
    visitors: { type: String, required: true },
    /** Requests answered while the access log's buffer was full, so not in the counts above. */
    notRecorded: { type: Number, default: 0 },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
)
accessLogRollupSchema.index({ bucket: 1 })

/** The stored document, inferred from the schema; services derive their views from it (db/views.server.ts). */
export type AccessLogRollupDocument = InferSchemaType<typeof accessLogRollupSchema>

export const AccessLogRollup = defineModel('AccessLogRollup', accessLogRollupSchema)
