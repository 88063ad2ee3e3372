import type { ChatMessage } from '#app/domain/chat'
import { formatAdminDate } from '#app/domain/admin-format'

/**
 * One message of a conversation as staff read it: the visitor's on the left, staff replies on the
 * right signed with the name the visitor saw, automatic notes as a grey line between. Times in
 * Eastern time, as everywhere in the console. Text only, never markup.
 */
export function ChatBubble({ message, visitorName }: { message: ChatMessage; visitorName: string }) {
  if (message.from === 'system')
    return (
      <li data-from="system" className="px-2 text-center text-xs text-slate-600 italic">
        <span className="break-words whitespace-pre-wrap">{message.text}</span> ·{' '}
        <time dateTime={message.at}>{formatAdminDate(message.at)}</time>
      </li>
    )
  const fromStaff = message.from === 'staff'
  return (
    <li data-from={message.from} className={`flex ${fromStaff ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] min-w-0 rounded-2xl px-4 py-2 shadow-sm ${
          fromStaff ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900'
        }`}
      >
        <p className={`text-xs font-semibold ${fromStaff ? 'text-white' : 'text-slate-700'}`}>
          {fromStaff ? (message.staffName ?? 'Staff') : visitorName}
          <span className="sr-only">:</span>
        </p>
        <p className="break-words whitespace-pre-wrap">{message.text}</p>
        <p className={`mt-1 text-right text-xs ${fromStaff ? 'text-brand-100' : 'text-slate-600'}`}>
          <time dateTime={message.at}>{formatAdminDate(message.at)}</time>
        </p>
      </div>
    </li>
  )
}
