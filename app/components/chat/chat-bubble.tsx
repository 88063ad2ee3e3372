import type { ChatMessage } from '#app/domain/chat'

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })

/**
 * One message of the visitor's transcript (the widget and /chat): the visitor's on the right, staff
 * replies with the name of who answered, automatic notes in grey. Text only: whatever was typed
 * shows as typed, never as markup.
 */
export function ChatBubble({ message }: { message: ChatMessage }) {
  const fromVisitor = message.from === 'visitor'
  const tone = fromVisitor
    ? 'bg-brand-600 text-white'
    : message.from === 'staff'
      ? 'bg-white text-slate-800 ring-1 ring-brand-200'
      : 'bg-white text-slate-700 ring-1 ring-slate-200'
  return (
    <div className={`flex ${fromVisitor ? 'justify-end' : 'justify-start'}`} data-from={message.from}>
      <div className={`max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm ${tone}`}>
        {message.from === 'staff' ? <p className="mb-0.5 text-xs font-semibold text-brand-700">{message.staffName ?? 'Support'}</p> : null}
        <p className="break-words whitespace-pre-wrap">{message.text}</p>
        {message.id === 'welcome' ? null : (
          <p className={`mt-1 text-[11px] ${fromVisitor ? 'text-brand-100' : 'text-slate-500'}`}>
            <time dateTime={message.at} suppressHydrationWarning>
              {timeFormat.format(new Date(message.at))}
            </time>
          </p>
        )}
      </div>
    </div>
  )
}
