import { isDuplicateKeyError } from './connection.server'

/**
 * Runs an upsert again when it lost a race. Two upserts of one key at once (instances starting
 * together on an empty database, say) can both find nothing and both insert; the second meets the
 * first's unique key (E11000). The document exists by then, so the same write again updates it.
 * MongoDB retries such upserts itself when the filter is an equality on the unique key; FerretDB
 * does not. A bulk write of several records can lose a race on each, hence more than one attempt.
 */
export async function retryLostUpsert<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= attempts) throw error
    }
  }
}
