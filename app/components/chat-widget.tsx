import { useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { TextField } from '#app/components/ui/field'
import { showToast } from '#app/components/ui/toaster'
import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  type ChatMessage,
  type ChatResponse,
  defaultAgentReply,
  isSendable,
  validateChatContact,
  WELCOME_MESSAGE,
} from '#app/domain/chat'

// SPEC §2 Chat widget, §4 (chat states), §5 (chat rules), §8 (chat texts). Without JavaScript the
// round button is a link to the contact section; once the page is hydrated it opens the panel.

const BUTTON_CLASS =
  'fixed right-5 bottom-5 z-40 flex h-14 w-14 print:hidden items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700'

function ChatIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  )
}

export function ChatWidget() {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <a href="/#contact" aria-label="Chat with support" className={BUTTON_CLASS}>
        <ChatIcon />
      </a>
    )
  }
  return <SupportChat />
}

type Contact = { name: string; email: string }

function newMessage(content: string, sender: ChatMessage['sender']): ChatMessage {
  return { id: crypto.randomUUID(), content, sender, timestamp: new Date().toISOString() }
}

async function postChatMessage(message: string, contact: Contact): Promise<string> {
  const response = await fetch('/api/teams-chat', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, name: contact.name, email: contact.email }),
  })
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`)
  const body = (await response.json()) as ChatResponse
  if (!body.ok) throw new Error(body.message)
  return body.response?.trim() || defaultAgentReply(contact.email)
}

function SupportChat() {
  const [open, setOpen] = useState(false)
  const [messages, setMessages] = useState<ChatMessage[]>(() => [{ ...WELCOME_MESSAGE, timestamp: new Date().toISOString() }])
  const [draft, setDraft] = useState('')
  const [pending, setPending] = useState<string | null>(null)
  const [contact, setContact] = useState<Contact | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const scrollArea = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const panelId = useId()

  useEffect(() => {
    scrollArea.current?.scrollTo({ top: scrollArea.current.scrollHeight })
  }, [messages, sending, open])

  async function send(content: string, to: Contact) {
    setError(null)
    setMessages((current) => [...current, newMessage(content, 'user')])
    setSending(true)
    try {
      const reply = await postChatMessage(content, to)
      setMessages((current) => [...current, newMessage(reply, 'agent')])
    } catch (failure) {
      console.error('[chat] message not sent', failure)
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
    // The message waits while the contact dialog asks who is writing (once per visit).
    if (contact) void send(content, contact)
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
              <p className="text-xs text-brand-100">{CHAT_TEXTS.subtitle}</p>
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
          <div
            ref={scrollArea}
            role="log"
            aria-live="polite"
            aria-label="Chat messages"
            className="h-80 space-y-3 overflow-y-auto bg-slate-50 p-4"
          >
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
            <p role="alert" className="border-t border-red-100 bg-red-50 px-4 py-2 text-sm text-red-700">
              {error}
            </p>
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

function ChatBubble({ message }: { message: ChatMessage }) {
  const fromUser = message.sender === 'user'
  return (
    <div className={`flex ${fromUser ? 'justify-end' : 'justify-start'}`} data-sender={message.sender}>
      <div
        className={`max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm ${fromUser ? 'bg-brand-600 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-200'}`}
      >
        {/* Text only: whatever was typed shows as typed, never as markup. */}
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
        <p className={`mt-1 text-[11px] ${fromUser ? 'text-brand-100' : 'text-slate-500'}`}>
          <time dateTime={message.timestamp}>
            {new Date(message.timestamp).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}
          </time>
        </p>
      </div>
    </div>
  )
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
