import { type InferSchemaType, Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'
import { pageViewCounts } from '#app/analytics/page-view-rollup-model.server'

/**
 * One UTC day of page views, every instance's hours added together by the fold job
 * (page-view-fold.server.ts). `_id` is the date (`2026-11-24`): the insert that folds a day is
 * its claim, so a day is folded once however many instances try. Kept as long as the hours were.
 */
const pageViewDaySchema = new Schema(
  {
    _id: { type: String, required: true },
    day: { type: Date, required: true },
    ...pageViewCounts,
    /** Just after the last write of the hours folded here: hours written from then on are not in it. */
    hoursUpTo: { type: Date, required: true },
    foldedAt: { type: Date, required: true },
  },
  { versionKey: false },
)
pageViewDaySchema.index({ day: 1 })

export type PageViewDayDocument = InferSchemaType<typeof pageViewDaySchema>
export const PageViewDay = defineModel('PageViewDay', pageViewDaySchema)

/**
 * The same day hour by hour (all instances added), for a reading whose range starts or splits
 * inside the day. Read by `_id` alone, which FerretDB answers without scanning the collection.
 */
const pageViewDayHoursSchema = new Schema(
  {
    _id: { type: String, required: true },
    day: { type: Date, required: true },
    /** JSON [{bucket, views, visits, checkouts, pages, sources, phone, desktop}, …], the hours with views. */
    hours: { type: String, required: true },
  },
  { versionKey: false },
)
pageViewDayHoursSchema.index({ day: 1 })

export const PageViewDayHours = defineModel('PageViewDayHours', pageViewDayHoursSchema)
