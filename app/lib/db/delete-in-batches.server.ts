import type { Model } from 'mongoose'

const BATCH = 5000

/**
 * deleteMany in batches of ids. FerretDB 1.24 (SQLite) fails a deleteMany that matches more than
 * ~32k documents with 'too many SQL variables'; pruning jobs on busy collections reach that.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any model's filter
export async function deleteInBatches(model: Model<any>, filter: Record<string, unknown>): Promise<number> {
  let deleted = 0
  for (;;) {
    const ids = (await model.find(filter, { _id: 1 }).limit(BATCH).lean<{ _id: unknown }[]>()).map((doc) => doc._id)
    if (ids.length === 0) return deleted
    deleted += (await model.deleteMany({ _id: { $in: ids } })).deletedCount
    if (ids.length < BATCH) return deleted
  }
}
