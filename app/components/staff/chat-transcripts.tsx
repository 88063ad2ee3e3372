import type { ChatTranscript } from '#app/chat/staff-transcripts.server'
import { formatAdminDate } from '#app/domain/admin-format'
import { formatCount } from '#app/domain/plural'

/** Support chats, newest activity first; <details> opens a transcript without JavaScript. */
export function ChatTranscripts({ conversations }: { conversations: ChatTranscript[] }) {
  return (
    <section aria-labelledby="chats-heading" className="mt-12">
      <h2 id="chats-heading" className="text-xl font-semibold text-slate-900">
        Chat Conversations
      </h2>
      {conversations.length === 0 ? (
        <p className="mt-4 text-slate-600">No chat conversations yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {conversations.map((conversation) => (
            <li key={conversation.id} className="rounded-lg border border-slate-200 bg-white">
              <details>
                <summary className="cursor-pointer px-4 py-3">
                  <span className="font-medium">{conversation.name ?? 'Anonymous visitor'}</span>
                  {conversation.email ? <span className="text-slate-600"> · {conversation.email}</span> : null}
                  <span className="text-sm text-slate-500">
                    {' '}
                    · {formatCount(conversation.messages.length + conversation.earlierMessages, 'message')} · last{' '}
                    {formatAdminDate(conversation.updatedAt)}
                  </span>
                </summary>
                {conversation.earlierMessages > 0 ? (
                  <p className="border-t border-slate-100 px-4 pt-3 text-sm text-slate-500">
                    {conversation.earlierMessages} earlier messages are not shown.
                  </p>
                ) : null}
                <ol className="space-y-2 border-t border-slate-100 px-4 py-3" aria-label="Transcript">
                  {conversation.messages.map((message) => (
                    <li key={message.id} className={message.sender === 'agent' ? 'text-slate-700' : 'text-slate-900'}>
                      <span className="font-semibold">{message.sender === 'agent' ? 'Support' : (conversation.name ?? 'Visitor')}</span>
                      <span className="text-xs text-slate-500"> {formatAdminDate(message.timestamp)}</span>
                      <p className="whitespace-pre-wrap">{message.content}</p>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
