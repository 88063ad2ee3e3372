// The round chat button, bottom right: a link to /chat until the page is interactive, then the
// button that opens the panel. Kept apart from the panel so every page loads only this.

export const CHAT_BUTTON_CLASS =
  'fixed right-5 bottom-5 z-40 flex h-14 w-14 print:hidden items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700'

function ChatIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  )
}

export function ChatLink() {
  return (
    <a href="/chat" aria-label="Chat with support" className={CHAT_BUTTON_CLASS}>
      <ChatIcon />
    </a>
  )
}

export function ChatButton({
  open,
  onToggle,
  panelId,
  unread = false,
}: {
  open: boolean
  onToggle: () => void
  panelId?: string
  unread?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={open ? 'Close support chat' : 'Chat with support'}
      className={CHAT_BUTTON_CLASS}
    >
      <ChatIcon />
      {unread ? <span aria-hidden="true" className="absolute top-1 right-1 h-3 w-3 rounded-full bg-amber-400 ring-2 ring-white" /> : null}
    </button>
  )
}
