import { randomUUID } from 'node:crypto'
import { ContentVersion } from '#app/catalogue/content-version-model.server'
import { retryLostUpsert } from '#app/lib/db/lost-upsert.server'
import { log } from '#app/lib/observability/logger.server'

// Pages are cached in every instance's memory (page-cache/). When public content changes, the
// change is recorded here, in the database, and each instance sees it within a second and drops
// what it cached: a changed price is on every instance's pages within 2 s.

const DOCUMENT_ID = 'site'

type ContentState = {
  /** The token this process last saw in the database; undefined until the first read. */
  token: string | undefined
  /** Whether the last read of the token got an answer (the page cache serves stale pages when not). */
  databaseAnswering: boolean
  listeners: Set<() => void>
}

const state: ContentState = { token: undefined, databaseAnswering: true, listeners: new Set() }

/**
 * Call after every change to public content (catalogue, prices, articles, any staff edit that a
 * visitor can see): this instance drops its cached pages and caches at once, the others within a
 * second (watchContentVersion).
 */
export async function contentChanged() {
  const token = randomUUID()
  // A new random token rather than $inc: any change of value is enough, and FerretDB's $inc upserts
  // are not atomic under concurrency.
  // Instances seeding an empty database at once each announce it: the first creates the document.
  await retryLostUpsert(() => ContentVersion.updateOne({ _id: DOCUMENT_ID }, { $set: { token, changedAt: new Date() } }, { upsert: true }))
  state.token = token
  notify()
}

/** Runs `listener` in this process whenever content changed (here or on another instance). */
export function onContentChanged(listener: () => void) {
  state.listeners.add(listener)
  return () => state.listeners.delete(listener)
}

/** False while the database does not answer the version check: cached pages may be out of date. */
export function isDatabaseAnswering() {
  return state.databaseAnswering
}

function notify() {
  for (const listener of state.listeners) listener()
}

/** Reads the token once; a token other than the one last seen means content changed. */
export async function checkContentVersion() {
  let timer: NodeJS.Timeout | undefined
  try {
    // The driver may wait seconds to find a server that has gone; the pages can't wait that long.
    const noAnswer = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
    })
    const read = ContentVersion.findById(DOCUMENT_ID, { token: 1 }).lean<{ token: string }>().exec()
    read.catch(() => {})
    const current = await Promise.race([read, noAnswer])
    state.databaseAnswering = true
    const token = current?.token ?? 'none'
    const changed = state.token !== undefined && token !== state.token
    state.token = token
    if (changed) notify()
  } catch (error) {
    if (state.databaseAnswering) log.warn({ err: error }, 'content version check got no answer: cached pages are served as stale')
    state.databaseAnswering = false
  } finally {
    clearTimeout(timer)
  }
}

const CHECK_EVERY_MS = 1000
export const CHECK_TIMEOUT_MS = 800

/** Checks the version every second; returns a function that stops. */
export function watchContentVersion({ everyMs = CHECK_EVERY_MS } = {}) {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const tick = async () => {
    await checkContentVersion()
    if (!stopped) timer = setTimeout(() => void tick(), everyMs).unref()
  }
  void tick()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
