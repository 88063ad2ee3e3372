import mongoose, { Types } from 'mongoose'
import type { ChatAvailability, ChatMessage } from '#app/domain/chat'
import { getEnv } from '#app/lib/config/env.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { ChatConversation, ConversationMessage, StaffPresence } from '#app/chat/chat-model.server'
import { log } from '#app/lib/observability/logger.server'
import { INSTANCE_ID } from '#app/lib/instance.server'
import { chatAvailability, presenceChanged } from './availability.server'
import { feedEntry, feedHead, messageView, type StoredMessage, transcript } from './conversations.server'
import { closeAllEventStreams, type EventStreamConnection, heartbeatAllEventStreams } from './event-stream.server'
import { markReplySeen } from './reply-emails.server'

// The chat's live events, across instances. Each process has one feed: it learns of new messages
// from the database (a change stream where the deployment has them, else a poll of the numbered
// feed, models/chat.server.ts: ChatFeedEntry, at most every 500 ms, however many streams are open;
// each read is a lookup by _id) and hands each to this process's open streams: a
// visitor's stream gets its conversation's messages in order, staff streams get every message.

/** How often the poll asks for new messages. */
export const POLL_INTERVAL_MS = 500
/** Entries read per poll at most; the rest wait for the next. */
const POLL_LIMIT = 500
/** Messages this instance handed out itself are remembered this long, so the feed does not repeat them. */
const SEEN_KEEP_MS = 60_000
/** How often visitors' streams are told whether staff are there, when it changed. */
const AVAILABILITY_CHECK_MS = 15_000
/** Streams end when the database has not answered for this long: browsers show "reconnecting". */
const OUTAGE_CLOSE_MS = 3000

type FeedMessage = StoredMessage

class VisitorListener {
  private queue = Promise.resolve()
  constructor(
    readonly conversationId: string,
    private lastSeq: number,
    readonly connection: EventStreamConnection,
  ) {}

  /** In order and once: a gap (a message seen before the one before it) is filled from the database. */
  offer(message: FeedMessage) {
    this.enqueue(async () => {
      if (message.seq <= this.lastSeq) return
      const missing = message.seq === this.lastSeq + 1 ? [message] : await transcript(message.conversationId, { afterSeq: this.lastSeq })
      for (const each of missing) this.deliver(each)
    })
  }

  /**
   * Everything after `lastSeq` (a reconnect with Last-Event-ID, or a message saved while the stream
   * was opening), from the database. The conversation's last number is read first, by _id (cheap
   * everywhere); the messages only when some are missing (a scan on FerretDB).
   */
  catchUp() {
    this.enqueue(async () => {
      const conversationId = new Types.ObjectId(this.conversationId)
      const latest = (await ChatConversation.findById(conversationId, { lastSeq: 1 }).lean())?.lastSeq ?? 0
      if (latest <= this.lastSeq) return
      for (const each of await transcript(conversationId, { afterSeq: this.lastSeq })) this.deliver(each)
    })
  }

  /** One step at a time; a step the database fails ends the stream, and the browser reconnects from its last event. */
  private enqueue(step: () => Promise<void>) {
    this.queue = this.queue.then(async () => {
      if (this.connection.closed) return
      try {
        await step()
      } catch {
        this.connection.close()
      }
    })
  }

  private deliver(message: FeedMessage) {
    if (message.seq <= this.lastSeq) return
    this.lastSeq = message.seq
    this.connection.send('message', messageView(message), message.seq)
    // Seen live: no e-mail for it. Best effort: if this write fails, the stream's close marks it.
    if (message.from === 'staff') void markReplySeen(message._id).catch(() => undefined)
  }
}

type StaffListener = {
  userId: string
  connection: EventStreamConnection
  /** False once the session behind the stream is gone (signed out, disabled, reset, expired). */
  stillAllowed: () => Promise<boolean>
  checking?: boolean
}

class ChatFeed {
  private visitors = new Map<string, Set<VisitorListener>>()
  private staff = new Set<StaffListener>()
  private seen = new Map<string, number>()
  private pollTimer: NodeJS.Timeout | undefined
  private heartbeatTimer: NodeJS.Timeout | undefined
  private availabilityTimer: NodeJS.Timeout | undefined
  private changeStream: mongoose.mongo.ChangeStream | undefined
  private mode: 'poll' | 'change-stream' | undefined
  private failingSince: number | undefined
  /** The number of the next feed entry to read. */
  private nextEntry: number | undefined
  private lastAvailability: string | undefined
  private stopped = false
  /** The last presence write of this instance: the next one waits for it. */
  private presenceWrites: Promise<void> = Promise.resolve()

  listenerCount() {
    let visitors = 0
    for (const set of this.visitors.values()) visitors += set.size
    return { visitors, staff: this.staff.size }
  }

  /** A visitor's stream: messages of their conversation after `afterSeq`, then live. */
  addVisitor(conversationId: string, afterSeq: number, connection: EventStreamConnection) {
    const listener = new VisitorListener(conversationId, afterSeq, connection)
    let set = this.visitors.get(conversationId)
    if (!set) this.visitors.set(conversationId, (set = new Set()))
    set.add(listener)
    this.ensureRunning()
    listener.catchUp()
    return () => {
      set.delete(listener)
      if (set.size === 0) this.visitors.delete(conversationId)
      void ChatConversation.updateOne({ _id: conversationId }, { $set: { visitorSeenAt: new Date() } }).catch(() => undefined)
      this.stopWhenIdle()
    }
  }

  /**
   * A staff page's stream: every new message of every conversation. Marks the account present.
   * Its session is checked again at every heartbeat and the stream closed once it is revoked.
   */
  addStaff(userId: string, connection: EventStreamConnection, stillAllowed: () => Promise<boolean>) {
    const listener: StaffListener = { userId, connection, stillAllowed }
    this.staff.add(listener)
    this.ensureRunning()
    void this.syncPresence([userId])
      .catch((error: unknown) => log.warn({ err: error }, 'chat: presence not recorded'))
      .then(() => this.broadcastAvailability())
    return () => {
      this.staff.delete(listener)
      void this.syncPresence([userId])
        .catch(() => undefined)
        .then(() => this.broadcastAvailability())
      this.stopWhenIdle()
    }
  }

  /** Hands a message saved by this instance out at once (the feed would bring it within 500 ms). */
  publish(message: FeedMessage) {
    this.dispatch(message)
  }

  private dispatch(message: FeedMessage) {
    const id = String(message._id)
    if (this.seen.has(id)) return
    this.seen.set(id, Date.now())
    for (const listener of this.visitors.get(String(message.conversationId)) ?? []) listener.offer(message)
    if (this.staff.size === 0) return
    const data: ChatMessage & { conversationId: string } = { ...messageView(message), conversationId: String(message.conversationId) }
    for (const { connection } of this.staff) connection.send('message', data)
  }

  private ensureRunning() {
    this.stopped = false
    if (this.mode) return
    this.mode = 'poll'
    // Comment lines on every stream, presence refreshes and staff sessions re-checked.
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), getEnv().CHAT_HEARTBEAT_SECONDS * 1000)
    this.availabilityTimer = setInterval(() => void this.broadcastAvailability(), AVAILABILITY_CHECK_MS)
    this.pollTimer = setTimeout(() => void this.pollOnce(), 0)
    void this.tryChangeStream()
  }

  private stopWhenIdle() {
    if (this.staff.size > 0 || this.visitors.size > 0) return
    this.stop()
  }

  stop() {
    this.stopped = true
    clearTimeout(this.pollTimer)
    clearInterval(this.heartbeatTimer)
    clearInterval(this.availabilityTimer)
    void this.changeStream?.close().catch(() => undefined)
    this.changeStream = undefined
    this.mode = undefined
    this.nextEntry = undefined
  }

  /**
   * MongoDB replica sets and sharded clusters have change streams; a standalone server and FerretDB
   * don't. Asked once per start; any failure later falls back to the poll.
   */
  private async tryChangeStream() {
    try {
      const hello = (await mongoose.connection.db?.admin().command({ hello: 1 })) as { setName?: string; msg?: string } | undefined
      if (!hello || (!hello.setName && hello.msg !== 'isdbgrid') || this.mode !== 'poll') return
      const stream = ConversationMessage.watch<FeedMessage>([{ $match: { operationType: 'insert' } }])
      stream.on('change', (change: { fullDocument?: FeedMessage }) => change.fullDocument && this.dispatch(change.fullDocument))
      stream.on('error', (error) => {
        log.warn({ err: error }, 'chat: the change stream failed; polling instead')
        this.changeStream = undefined
        if (this.mode === 'change-stream') {
          this.mode = 'poll'
          this.pollTimer = setTimeout(() => void this.pollOnce(), 0)
        }
      })
      this.changeStream = stream
      this.mode = 'change-stream'
      clearTimeout(this.pollTimer)
      log.info('chat: live events from a change stream')
    } catch (error) {
      log.debug({ err: error }, 'chat: no change streams here; polling')
    }
  }

  /**
   * Reads the feed's entries in order by number (an _id lookup each: cheap on MongoDB and FerretDB
   * alike), from where this instance stopped, until one is not there yet; at most every 500 ms.
   */
  private async pollOnce() {
    if (this.stopped || this.mode !== 'poll') return
    const startedAt = Date.now()
    try {
      this.nextEntry ??= (await feedHead()) + 1
      for (let read = 0; read < POLL_LIMIT; read++) {
        const message = await feedEntry(this.nextEntry)
        if (!message) {
          // No holes: an entry missing below the head was pruned (this instance fell 10 minutes behind).
          const head = read === 0 ? await feedHead() : 0
          if (head > this.nextEntry) {
            log.warn({ from: this.nextEntry, to: head + 1 }, 'chat: feed entries pruned before this instance read them; skipping ahead')
            this.nextEntry = head + 1
          }
          break
        }
        this.nextEntry++
        this.dispatch(message)
      }
      this.failingSince = undefined
      for (const [id, at] of this.seen) if (at < startedAt - SEEN_KEEP_MS) this.seen.delete(id)
    } catch (error) {
      this.failingSince ??= startedAt
      if (startedAt - this.failingSince >= OUTAGE_CLOSE_MS) {
        log.warn(
          { err: error, streams: this.listenerCount() },
          'chat: the database is not answering; ending event streams so browsers retry',
        )
        this.failingSince = undefined
        closeAllEventStreams()
      }
    }
    if (this.stopped || this.mode !== 'poll') return
    this.pollTimer = setTimeout(() => void this.pollOnce(), Math.max(0, POLL_INTERVAL_MS - (Date.now() - startedAt)))
  }

  /** Closes the staff streams whose session was revoked; a failed check keeps the stream (the next one decides). */
  private recheckStaff() {
    for (const listener of this.staff) {
      if (listener.checking) continue
      listener.checking = true
      void listener
        .stillAllowed()
        .then((allowed) => {
          if (!allowed) listener.connection.close()
        })
        .catch((error: unknown) => log.warn({ err: error }, 'chat: a staff stream was not re-checked'))
        .finally(() => (listener.checking = false))
    }
  }

  private async heartbeat() {
    heartbeatAllEventStreams()
    this.recheckStaff()
    // Staff presence only: a visitor's stream is noted when it opens and closes and when it is
    // handed a reply, not on every heartbeat (thousands of writes every 25 s, each a scan on FerretDB).
    try {
      await this.syncPresence([...new Set([...this.staff].map((listener) => listener.userId))])
    } catch (error) {
      log.warn({ err: error }, 'chat: presence not refreshed')
    }
  }

  /**
   * Writes this instance's staff presence for `userIds`: fresh for an account with a page open here,
   * gone for one without. The writes run one after another and each reads the listeners at its turn,
   * so a page that closes while its record is being written never leaves a record behind (which
   * would show visitors "online" for a minute after staff left).
   */
  private syncPresence(userIds: string[]) {
    const write = this.presenceWrites.then(async () => {
      const now = new Date()
      for (const userId of userIds) {
        if (![...this.staff].some((listener) => listener.userId === userId)) {
          await StaffPresence.deleteOne({ _id: presenceId(userId) })
          continue
        }
        try {
          await StaffPresence.updateOne({ _id: presenceId(userId) }, { $set: { userId, seenAt: now } }, { upsert: true })
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error
        }
      }
      presenceChanged()
    })
    this.presenceWrites = write.catch(() => undefined)
    return write
  }

  /** Tells visitors' streams when staff arrive or leave (or the office opens or closes). */
  private async broadcastAvailability() {
    if (this.visitors.size === 0) return
    let availability: ChatAvailability
    try {
      availability = await chatAvailability()
    } catch {
      return
    }
    const key = String(availability.online)
    if (key === this.lastAvailability) return
    this.lastAvailability = key
    for (const set of this.visitors.values()) for (const { connection } of set) connection.send('status', availability)
  }
}

function presenceId(userId: string) {
  return `${INSTANCE_ID}:${userId}`
}

export const chatFeed = new ChatFeed()
