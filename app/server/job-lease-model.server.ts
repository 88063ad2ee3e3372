import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * Which instance runs a background job in one period: `_id` is the job's name and the period's
 * start (`deliver-outbox@2026-08-26T12:00:30.000Z`), so the one insert that succeeds for a period
 * is its lease, on MongoDB and on FerretDB alike. A day of leases is kept: who ran what, when.
 */
const jobLeaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    job: { type: String, required: true },
    holder: { type: String, required: true },
    acquiredAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
)
jobLeaseSchema.index({ job: 1, expiresAt: 1 })

export const JobLease = defineModel('JobLease', jobLeaseSchema)
