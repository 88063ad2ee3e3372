import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { chatContactSchema } from '#app/chat/chat-form'
import { buttonClasses } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { CHAT_LIMITS, CHAT_TEXTS } from '#app/domain/chat'

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
        <Field
          label="Name"
          field={fields.name}
          render={(props) => (
            <input {...props} {...getInputProps(fields.name, { type: 'text' })} autoComplete="name" maxLength={CHAT_LIMITS.name} />
          )}
        />
        <Field
          label="Email"
          field={fields.email}
          render={(props) => (
            <input {...props} {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" maxLength={CHAT_LIMITS.email} />
          )}
        />
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
