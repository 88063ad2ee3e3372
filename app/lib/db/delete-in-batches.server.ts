import type { Model } from 'mongoose'

const BATCH = 20_000

/**
 * deleteMany in batches. FerretDB 1.24 (SQLite) fails a deleteMany that matches more than ~32k
 * documents with 'too many SQL variables'; pruning jobs on busy collections reach that. Each batch
 * is the filter up to the batch's last `_id` (a range, checked in one pass), not `$in` a list of ids,
 * which FerretDB checks against every document in turn: 40,000 entries took a minute that way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any model's filter
export async function deleteInBatches(model: Model<any>, filter: Record<string, unknown>): Promise<number> {
  let deleted = 0
  for (;;) {
    const batch = await model.find(filter, { _id: 1 }).sort({ _id: 1 }).limit(BATCH).lean<{ _id: unknown }[]>()
    const last = batch.at(-1)
    if (!last) return deleted
    deleted += (await model.deleteMany({ $and: [filter, { _id: { $lte: last._id } }] })).deletedCount
    if (batch.length < BATCH) return deleted
  }
}
