import { useEffect, useRef, useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { FROM_WIDGET } from '#app/chat/chat-form'
import { type ChatMessage, defaultAgentReply } from '#app/domain/chat'
import type { clientAction, clientLoader } from '#app/routes/chat'
import { hasConversationHere, markConversationHere } from './conversation-flag'
import { useLiveRevalidation } from './use-live-revalidation'

// The widget's conversation, through the /chat route: its loader reads the transcript, its action
// stores a message (the same schema as the page's form), and the conversation's event stream only
// says when to read again.

const TRANSCRIPT_URL = `/chat?from=${FROM_WIDGET}`

type Contact = { name: string; email: string }
type Sent = { intent: 'send'; from: typeof FROM_WIDGET; message: string; clientMessageId: string; page: string } & Partial<Contact>

export function useSupportChat({ open }: { open: boolean }) {
  useReportPageChanges()
  const { pathname } = useLocation()
  const transcript = useFetcher<typeof clientLoader>({ key: 'support-chat' })
  const sender = useFetcher<typeof clientAction>({ key: 'support-chat-send' })
  // What was sent last: a retry sends it again with the same id, so it is stored once.
  const [lastSent, setLastSent] = useState<Sent | null>(null)
  // The last transcript read: a failed read (database away) keeps it on screen.
  const [chat, setChat] = useState(transcript.data?.chat)
  if (transcript.data?.chat && transcript.data.chat !== chat) setChat(transcript.data.chat)
  const reload = () => transcript.load(TRANSCRIPT_URL)
  const submit = (values: Sent) => sender.submit(values, { method: 'post', action: '/chat', defaultShouldRevalidate: false })

  // A returning visitor's conversation is read on every page, so replies show while the panel is closed.
  const unread = transcript.data === undefined && transcript.state === 'idle'
  useEffect(() => {
    if (unread && (open || hasConversationHere())) void reload()
  }, [unread, open]) // eslint-disable-line react-hooks/exhaustive-deps -- reload is the same call each render
  useEffect(() => {
    if (chat?.conversationId) markConversationHere()
  }, [chat?.conversationId])

  const connection = useLiveRevalidation(
    chat?.conversationId ? `/api/chat/events?after=${chat.lastEventId}&page=${encodeURIComponent(pathname)}` : null,
    { revalidate: reload, events: ['message', 'status'] },
  )

  const sending = sender.state !== 'idle'
  const answer = sending ? undefined : sender.data
  const failed = Boolean(answer && (answer.failed || answer.response === undefined))
  const contactKnown = Boolean(chat?.contactKnown || lastSent?.email)

  function send(message: string, contact?: Contact) {
    const given = contact ?? (lastSent?.email ? { name: lastSent.name ?? '', email: lastSent.email } : undefined)
    const values: Sent = { intent: 'send', from: FROM_WIDGET, message, clientMessageId: crypto.randomUUID(), page: pathname, ...given }
    setLastSent(values)
    void submit(values)
  }

  const messages: ChatMessage[] = [...(chat?.messages ?? [])]
  // Shown from the moment it is sent, until the transcript has it.
  const pendingText = sending ? sender.formData?.get('message') : null
  if (typeof pendingText === 'string' && messages.findLast((message) => message.from === 'visitor')?.text !== pendingText)
    messages.push({ id: 'sending', from: 'visitor', text: pendingText, at: new Date().toISOString() })
  // SPEC §8: an answer without reply text still gets the default one.
  if (answer?.response?.trim() === '')
    messages.push({ id: 'default-reply', from: 'system', text: defaultAgentReply(lastSent?.email), at: new Date().toISOString() })

  return {
    messages,
    availability: chat ? { online: chat.online, nextReplyBy: chat.nextReplyBy } : null,
    contactKnown,
    emailConfirmation: chat?.emailConfirmation ?? null,
    connection,
    sending,
    failed,
    send,
    retry: lastSent && failed ? () => void submit(lastSent) : null,
  }
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
    if (!hasConversationHere()) return
    void fetch('/api/chat/page', {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: pathname }),
    }).catch(() => undefined)
  }, [pathname])
}
