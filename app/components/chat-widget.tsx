import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChatBubble } from '#app/components/chat/chat-bubble'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { TextField } from '#app/components/ui/field'
import { showToast } from '#app/components/ui/toaster'
import {
  type ChatAvailability,
  CHAT_LIMITS,
  CHAT_TEXTS,
  type ChatMessage,
  type ChatResponse,
  defaultAgentReply,
  isSendable,
  validateChatContact,
  type VisitorTranscript,
  WELCOME_MESSAGE,
} from '#app/domain/chat'
import { availabilityText } from '#app/domain/support-hours'

// SPEC §2 Chat widget, §4 (chat states), §5 (chat rules), §8 (chat texts), with live replies: the
// transcript is restored on every page, staff replies arrive over Server-Sent Events (resumed from
// the last event so nothing is missed or shown twice), and the header says whether someone is there.
// Without JavaScript the round button leads to /chat.

const BUTTON_CLASS =
  'fixed right-5 bottom-5 z-40 flex h-14 w-14 print:hidden items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700'

/** Set once this browser has a conversation: later pages restore it and listen for replies. */
const ACTIVE_KEY = 'roswell-chat-active'

function ChatIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  )
}

export function ChatWidget() {
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  // /chat is the chat itself.
  if (pathname === '/chat') return null
  if (!hydrated) {
    return (
      <a href="/chat" aria-label="Chat with support" className={BUTTON_CLASS}>
        <ChatIcon />
      </a>
    )
  }
  return <SupportChat />
}

type Contact = { name: string; email: string }
type Connection = 'idle' | 'live' | 'reconnecting'

/** Adds messages not shown yet, in time order: the same message from the answer and the stream shows once. */
function merge(current: ChatMessage[], incoming: ChatMessage[]) {
  const known = new Set(current.map((message) => message.id))
  const added = incoming.filter((message) => !known.has(message.id))
  if (added.length === 0) return current
  return [...current, ...added].sort((a, b) => a.at.localeCompare(b.at))
}

function isActiveHere() {
  try {
    return localStorage.getItem(ACTIVE_KEY) === '1'
  } catch {
    return false
  }
}

function markActive() {
  try {
    localStorage.setItem(ACTIVE_KEY, '1')
  } catch {
    // private mode: the transcript is still restored when the panel opens
  }
}

async function postChatMessage(message: string, contact: Contact | null, clientMessageId: string) {
  const response = await fetch('/api/teams-chat', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, ...(contact ?? {}), clientMessageId, page: window.location.pathname }),
  })
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`)
  const body = (await response.json()) as ChatResponse
  if (!body.ok) throw new Error(body.message)
  return body
}

/**
 * The conversation's live events. EventSource reconnects by itself after a dropped connection
 * (sending Last-Event-ID); when the server refuses (503 while the database is away) it gives up,
 * and this starts a new one after a growing pause, from the last event it saw.
 */
function useChatEvents({
  onMessage,
  onStatus,
}: {
  onMessage: (message: ChatMessage) => void
  onStatus: (status: ChatAvailability) => void
}) {
  const [connection, setConnection] = useState<Connection>('idle')
  const handlers = useRef({ onMessage, onStatus })
  handlers.current = { onMessage, onStatus }
  const state = useRef<{ source?: EventSource; lastEventId: number; retry?: ReturnType<typeof setTimeout>; failures: number }>({
    lastEventId: 0,
    failures: 0,
  })

  const connect = useCallback((after: number) => {
    const current = state.current
    current.lastEventId = Math.max(current.lastEventId, after)
    if (current.source) return
    clearTimeout(current.retry)
    const source = new EventSource(`/api/chat/events?after=${current.lastEventId}&page=${encodeURIComponent(window.location.pathname)}`)
    current.source = source
    source.addEventListener('open', () => {
      current.failures = 0
      setConnection('live')
    })
    source.addEventListener('message', (event) => {
      const seq = Number(event.lastEventId)
      if (Number.isInteger(seq) && seq > current.lastEventId) current.lastEventId = seq
      handlers.current.onMessage(JSON.parse(event.data as string) as ChatMessage)
    })
    source.addEventListener('status', (event) => handlers.current.onStatus(JSON.parse(event.data as string) as ChatAvailability))
    source.addEventListener('error', () => {
      setConnection('reconnecting')
      if (source.readyState !== EventSource.CLOSED) return
      current.source = undefined
      current.failures += 1
      const pause = Math.min(30_000, 1000 * 2 ** Math.min(current.failures - 1, 5))
      current.retry = setTimeout(() => connect(current.lastEventId), pause)
    })
  }, [])

  useEffect(
    () => () => {
      clearTimeout(state.current.retry)
      state.current.source?.close()
      state.current.source = undefined
    },
    [],
  )
  return { connection, connect }
}

/**
 * Tells the server when a visitor with a conversation moves to another page in the browser, so staff
 * see where they are (a full page load says it when the event stream opens). Nothing is shown if
 * it fails: it is only a hint for staff.
 */
function useReportPageChanges() {
  const { pathname } = useLocation()
  const reported = useRef(pathname)
  useEffect(() => {
    if (pathname === reported.current) return
    reported.current = pathname
    if (!isActiveHere()) return
    void fetch('/api/chat/page', {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: pathname }),
    }).catch(() => undefined)
  }, [pathname])
}

function SupportChat() {
  useReportPageChanges()
  const [open, setOpen] = useState(false)
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [availability, setAvailability] = useState<ChatAvailability | null>(null)
  const [loaded, setLoaded] = useState(false)
  const [draft, setDraft] = useState('')
  const [pending, setPending] = useState<string | null>(null)
  const [contact, setContact] = useState<Contact | null>(null)
  const [contactKnown, setContactKnown] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [failed, setFailed] = useState<{ text: string; clientMessageId: string } | null>(null)
  const scrollArea = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const panelId = useId()
  const { connection, connect } = useChatEvents({
    onMessage: (message) => setMessages((current) => merge(current, [message])),
    onStatus: setAvailability,
  })

  const load = useCallback(async () => {
    try {
      const response = await fetch('/api/chat/messages', { credentials: 'include' })
      if (!response.ok) return
      const transcript = (await response.json()) as VisitorTranscript
      setMessages((current) => merge(current, transcript.messages))
      setAvailability({ online: transcript.online, nextReplyBy: transcript.nextReplyBy })
      setContactKnown(transcript.contactKnown)
      setLoaded(true)
      if (transcript.messages.length > 0) connect(transcript.lastEventId)
    } catch {
      // offline: the panel still works, and sending says so
    }
  }, [connect])

  // A returning visitor's conversation is restored on every page, replies arriving while the panel is closed.
  useEffect(() => {
    if (isActiveHere()) void load()
  }, [load])
  useEffect(() => {
    if (open && !loaded) void load()
  }, [open, loaded, load])

  useEffect(() => {
    scrollArea.current?.scrollTo({ top: scrollArea.current.scrollHeight })
  }, [messages, sending, open])

  async function send(content: string, to: Contact | null, clientMessageId: string = crypto.randomUUID()) {
    setError(null)
    setFailed(null)
    const local: ChatMessage = { id: clientMessageId, from: 'visitor', text: content, at: new Date().toISOString() }
    setMessages((current) => merge(current, [local]))
    setSending(true)
    try {
      const answer = await postChatMessage(content, to, clientMessageId)
      if (!answer.ok) return
      markActive()
      setContactKnown(true)
      setMessages((current) => {
        const without = current.filter((message) => message.id !== clientMessageId)
        const reply = answer.autoReply ?? (answer.message ? undefined : localReply(answer.response, to?.email))
        return merge(without, [answer.message ?? local, ...(reply ? [reply] : [])])
      })
      if (answer.lastEventId !== undefined) connect(answer.lastEventId)
    } catch (failure) {
      console.error('[chat] message not sent', failure)
      // Kept with its id: sending it again can't store it twice.
      setFailed({ text: content, clientMessageId })
      setMessages((current) => current.filter((message) => message.id !== clientMessageId))
      setError(CHAT_TEXTS.inlineError)
      showToast({ title: CHAT_TEXTS.errorToastTitle, description: CHAT_TEXTS.errorToastDescription, variant: 'destructive' })
    } finally {
      setSending(false)
      input.current?.focus()
    }
  }

  function submitDraft(event: React.FormEvent) {
    event.preventDefault()
    if (!isSendable(draft) || sending) return
    const content = draft.trim()
    setDraft('')
    // The message waits while the contact dialog asks who is writing (once per conversation).
    if (contact || contactKnown) void send(content, contact)
    else setPending(content)
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close support chat' : 'Chat with support'}
        className={BUTTON_CLASS}
      >
        <ChatIcon />
        {!open && messages.some((message) => message.from === 'staff') ? (
          <span aria-hidden="true" className="absolute top-1 right-1 h-3 w-3 rounded-full bg-amber-400 ring-2 ring-white" />
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={`${panelId}-title`}
          className="fixed right-5 bottom-24 z-40 flex print:hidden w-[calc(100vw-2.5rem)] max-w-sm flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-200"
        >
          <header className="flex items-start justify-between gap-3 bg-brand-600 px-4 py-3 text-white">
            <div>
              <h2 id={`${panelId}-title`} className="font-semibold">
                {CHAT_TEXTS.title}
              </h2>
              <p className="text-xs text-brand-100" data-testid="availability">
                {availability ? (
                  <>
                    {availability.online ? (
                      <span aria-hidden="true" className="mr-1 inline-block h-2 w-2 rounded-full bg-emerald-300" />
                    ) : null}
                    {availabilityText(availability)}
                  </>
                ) : (
                  CHAT_TEXTS.subtitle
                )}
              </p>
            </div>
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Close chat"
              className="rounded p-1 text-white/80 hover:text-white"
            >
              <span aria-hidden="true" className="text-xl leading-none">
                ×
              </span>
            </button>
          </header>
          {connection === 'reconnecting' ? (
            <p role="status" className="border-b border-amber-100 bg-amber-50 px-4 py-1.5 text-xs text-amber-800">
              Reconnecting… replies will appear once we are back.
            </p>
          ) : null}
          <div
            ref={scrollArea}
            role="log"
            aria-live="polite"
            aria-label="Chat messages"
            className="h-80 space-y-3 overflow-y-auto bg-slate-50 p-4"
          >
            <ChatBubble message={WELCOME_MESSAGE} />
            {messages.map((message) => (
              <ChatBubble key={message.id} message={message} />
            ))}
            {sending ? (
              <div className="flex items-center gap-2 text-sm text-slate-500" role="status">
                <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
                <span>Sending...</span>
              </div>
            ) : null}
          </div>
          {error ? (
            <div
              role="alert"
              className="flex items-center justify-between gap-2 border-t border-red-100 bg-red-50 px-4 py-2 text-sm text-red-700"
            >
              <span>{error}</span>
              {failed && !sending ? (
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => void send(failed.text, contact, failed.clientMessageId)}
                >
                  Retry
                </button>
              ) : null}
            </div>
          ) : null}
          <form onSubmit={submitDraft} className="flex gap-2 border-t border-slate-200 p-3">
            <label htmlFor={`${panelId}-input`} className="sr-only">
              Your message
            </label>
            <input
              ref={input}
              id={`${panelId}-input`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              disabled={sending}
              maxLength={CHAT_LIMITS.message}
              placeholder={CHAT_TEXTS.placeholder}
              autoComplete="off"
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none disabled:bg-slate-100"
            />
            <StatusButton pending={sending} disabled={!isSendable(draft)} size="sm">
              Send
            </StatusButton>
          </form>
        </section>
      ) : null}
      {pending !== null ? (
        <ContactDialog
          onCancel={() => {
            // Nothing is lost: the held message goes back into the input.
            setDraft(pending)
            setPending(null)
          }}
          onConfirm={(given) => {
            setContact(given)
            setPending(null)
            void send(pending, given)
          }}
        />
      ) : null}
    </>
  )
}

/** SPEC §8: an answer without a stored reply (an older server) still shows one, or the default text. */
function localReply(response: string, email?: string): ChatMessage {
  return { id: crypto.randomUUID(), from: 'system', text: response.trim() || defaultAgentReply(email), at: new Date().toISOString() }
}

/** A modal dialog (native <dialog>: focus is trapped and Escape cancels) asking for name and e-mail. */
function ContactDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: (contact: Contact) => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState({ name: false, email: false })
  const errors = validateChatContact({ name, email })
  const valid = Object.keys(errors).length === 0
  const id = useId()

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <form
        method="dialog"
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault()
          if (valid) onConfirm({ name: name.trim(), email: email.trim() })
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {CHAT_TEXTS.dialogTitle}
        </h2>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {CHAT_TEXTS.dialogDescription}
        </p>
        <TextField
          id={`${id}-name`}
          label="Name"
          maxLength={CHAT_LIMITS.name}
          value={name}
          onChange={setName}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
          error={touched.name ? errors.name : undefined}
          autoComplete="name"
        />
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          maxLength={CHAT_LIMITS.email}
          value={email}
          onChange={setEmail}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          error={touched.email ? errors.email : undefined}
          autoComplete="email"
        />
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" onClick={onCancel} className={buttonClasses('outline', '', 'sm')}>
            Cancel
          </button>
          <button type="submit" disabled={!valid} className={buttonClasses('primary', '', 'sm')}>
            Send Message
          </button>
        </div>
      </form>
    </dialog>
  )
}
