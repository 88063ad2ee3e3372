import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { Field } from '#app/components/ui/field'
import { CHAT_LIMITS } from '#app/domain/chat'

/**
 * Who is writing: the name and e-mail asked before a conversation's first message, in the widget's
 * dialog and on /chat without JavaScript, with the same limits the /chat action checks.
 */
export function ChatContactFields({ name, email }: { name: FieldMetadata<string | undefined>; email: FieldMetadata<string | undefined> }) {
  return (
    <>
      <Field
        label="Name"
        field={name}
        render={(props) => <input {...props} {...getInputProps(name, { type: 'text' })} autoComplete="name" maxLength={CHAT_LIMITS.name} />}
      />
      <Field
        label="Email"
        field={email}
        render={(props) => (
          <input {...props} {...getInputProps(email, { type: 'email' })} autoComplete="email" maxLength={CHAT_LIMITS.email} />
        )}
      />
    </>
  )
}
