import { lazy, Suspense, useState } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChatButton, ChatLink } from '#app/components/chat/chat-button'
import { hasConversationHere } from '#app/components/chat/conversation-flag'

// SPEC §2 Chat widget: the round button on every page but /chat (the chat itself). Without
// JavaScript it leads to /chat; with it, the panel's code loads when it is first opened, or at
// once for a visitor with a conversation, whose replies arrive on every page.
const SupportChat = lazy(() => import('#app/components/chat/support-chat'))

export function ChatWidget() {
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  if (pathname === '/chat') return null
  if (!hydrated) return <ChatLink />
  const button = <ChatButton open={open} onToggle={() => setOpen(!open)} />
  if (!open && !hasConversationHere()) return button
  return (
    <Suspense fallback={button}>
      <SupportChat open={open} onOpenChange={setOpen} />
    </Suspense>
  )
}
