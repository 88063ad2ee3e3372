import { useEffect, useRef } from 'react'
import { StatusButton } from '#app/components/ui/button'
import {
  type ChatAvailability,
  CHAT_LIMITS,
  CHAT_TEXTS,
  type ChatMessage,
  type EmailConfirmation,
  emailConfirmationText,
  isSendable,
  WELCOME_MESSAGE,
} from '#app/domain/chat'
import { availabilityText } from '#app/domain/support-hours'
import { ChatBubble } from './chat-bubble'
import type { LiveConnection } from './use-live-revalidation'

/** The chat panel above the round button: who is there, the transcript, and the message input. */
export function SupportPanel({
  id,
  draft,
  onDraftChange,
  onSubmit,
  onClose,
  messages,
  emailConfirmation = null,
  availability,
  connection,
  sending,
  failed,
  retry,
}: {
  id: string
  draft: string
  onDraftChange: (draft: string) => void
  onSubmit: () => void
  onClose: () => void
  messages: ChatMessage[]
  /** The visitor's address while it waits for confirmation: a line under the transcript says so. */
  emailConfirmation?: EmailConfirmation | null
  availability: ChatAvailability | null
  connection: LiveConnection
  sending: boolean
  failed: boolean
  retry: (() => void) | null
}) {
  const scrollArea = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    scrollArea.current?.scrollTo({ top: scrollArea.current.scrollHeight })
  }, [messages.length, sending])
  // In the input when the panel opens, and back there once a message has gone (disabled meanwhile).
  useEffect(() => {
    if (!sending) input.current?.focus()
  }, [sending])

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="fixed right-5 bottom-24 z-40 flex w-[calc(100vw-2.5rem)] max-w-sm flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-200 print:hidden"
    >
      <header className="flex items-start justify-between gap-3 bg-brand-600 px-4 py-3 text-white">
        <div>
          <h2 id={`${id}-title`} className="font-semibold">
            {CHAT_TEXTS.title}
          </h2>
          <p className="text-xs text-brand-100" data-testid="availability">
            {availability ? (
              <>
                {availability.online ? <span aria-hidden="true" className="mr-1 inline-block h-2 w-2 rounded-full bg-emerald-300" /> : null}
                {availabilityText(availability)}
              </>
            ) : (
              CHAT_TEXTS.subtitle
            )}
          </p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close chat" className="rounded p-1 text-white/80 hover:text-white">
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
      {emailConfirmation ? (
        <p role="status" className="border-t border-slate-200 bg-white px-4 py-2 text-xs text-slate-600" data-testid="email-confirmation">
          {emailConfirmationText(emailConfirmation)}
        </p>
      ) : null}
      {failed ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-2 border-t border-red-100 bg-red-50 px-4 py-2 text-sm text-red-700"
        >
          <span>{CHAT_TEXTS.inlineError}</span>
          {retry ? (
            <button type="button" className="font-semibold underline" onClick={retry}>
              Retry
            </button>
          ) : null}
        </div>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (isSendable(draft) && !sending) onSubmit()
        }}
        className="flex gap-2 border-t border-slate-200 p-3"
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          Your message
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
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
  )
}
