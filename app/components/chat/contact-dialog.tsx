import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { chatContactSchema } from '#app/chat/chat-form'
import { ChatContactFields } from '#app/components/chat/contact-fields'
import { buttonClasses } from '#app/components/ui/button'
import { CHAT_TEXTS } from '#app/domain/chat'

type Contact = { name: string; email: string }

/**
 * Who is writing, asked before a conversation's first message (SPEC §5), with the schema the /chat
 * action checks. A native modal <dialog>: focus stays inside and Escape cancels.
 */
export function ContactDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: (contact: Contact) => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [form, fields] = useForm({
    id: 'chat-contact',
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatContactSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault()
      if (submission?.status === 'success') onConfirm(submission.value)
    },
  })
  // SPEC §5: Send Message waits until both are right, whether or not a field has been left yet.
  const ready = chatContactSchema.safeParse({ name: fields.name.value ?? '', email: fields.email.value ?? '' }).success

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])

  return (
    <dialog
      ref={dialog}
      aria-labelledby="chat-contact-title"
      aria-describedby="chat-contact-description"
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <form {...getFormProps(form)} className="space-y-1 p-6">
        <h2 id="chat-contact-title" className="text-lg font-semibold text-slate-900">
          {CHAT_TEXTS.dialogTitle}
        </h2>
        <p id="chat-contact-description" className="pb-3 text-sm text-slate-600">
          {CHAT_TEXTS.dialogDescription}
        </p>
        <ChatContactFields name={fields.name} email={fields.email} />
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" onClick={onCancel} className={buttonClasses('outline', '', 'sm')}>
            Cancel
          </button>
          <button type="submit" disabled={!ready} className={buttonClasses('primary', '', 'sm')}>
            Send Message
          </button>
        </div>
      </form>
    </dialog>
  )
}
