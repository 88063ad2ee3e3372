import { useId, useState } from 'react'
import { isSendable } from '#app/domain/chat'
import { ChatButton } from './chat-button'
import { ContactDialog } from './contact-dialog'
import { SupportPanel } from './support-panel'
import { useSupportChat } from './use-support-chat'

/**
 * SPEC §4 Chat widget: the button, the panel and, before a conversation's first message, the
 * contact dialog. The typed message waits while the dialog asks who is writing; cancelling puts it
 * back in the input. Loaded on demand by ChatWidget.
 */
export default function SupportChat({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const chat = useSupportChat({ open })
  const [draft, setDraft] = useState('')
  const [held, setHeld] = useState<string | null>(null)
  const panelId = useId()

  function submitDraft() {
    if (!isSendable(draft)) return
    const message = draft.trim()
    setDraft('')
    if (chat.contactKnown) chat.send(message)
    else setHeld(message)
  }

  return (
    <>
      <ChatButton
        open={open}
        onToggle={() => onOpenChange(!open)}
        panelId={panelId}
        unread={!open && chat.messages.some((message) => message.from === 'staff')}
      />
      {open ? (
        <SupportPanel
          id={panelId}
          draft={draft}
          onDraftChange={setDraft}
          onSubmit={submitDraft}
          onClose={() => onOpenChange(false)}
          messages={chat.messages}
          emailConfirmation={chat.emailConfirmation}
          availability={chat.availability}
          connection={chat.connection}
          sending={chat.sending}
          failed={chat.failed}
          retry={chat.retry}
        />
      ) : null}
      {held !== null ? (
        <ContactDialog
          onCancel={() => {
            setDraft(held)
            setHeld(null)
          }}
          onConfirm={(contact) => {
            setHeld(null)
            chat.send(held, contact)
          }}
        />
      ) : null}
    </>
  )
}
