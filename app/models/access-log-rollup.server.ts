import { Schema } from 'mongoose'
import { defineModel } from '#app/db/define-model.server'

/**
 * Running totals of the access log per 10-minute bucket and per server instance, so the staff
 * analytics read a few hundred small documents instead of aggregating every entry of the day.
 * Each instance writes only its own documents (the id names the instance), replacing them whole
 * with the totals it keeps in memory: no concurrent $inc, which FerretDB doesn't make atomic.
 */
const countedSchema = { _id: false } as const
const accessLogRollupSchema = new Schema(
  {
    _id: { type: String, required: true },
    bucket: { type: Date, required: true },
    requests: { type: Number, required: true },
    totalTimeMs: { type: Number, required: true },
    statuses: { type: [new Schema({ code: Number, count: Number }, countedSchema)], default: [] },
    paths: { type: [new Schema({ path: String, count: Number }, countedSchema)], default: [] },
    visitors: { type: [String], default: [] },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
)
accessLogRollupSchema.index({ bucket: 1 })

export const AccessLogRollup = defineModel('AccessLogRollup', accessLogRollupSchema)
