import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { Field } from '#app/components/ui/field'

type PasswordField = FieldMetadata<string | undefined>

/** A new password typed twice, as the set-password link and one's own account page both ask for it. */
export function NewPasswordFields({ password, confirm }: { password: PasswordField; confirm: PasswordField }) {
  return (
    <>
      <Field
        label="New password"
        field={password}
        render={(props) => <input {...props} {...getInputProps(password, { type: 'password' })} autoComplete="new-password" required />}
      />
      <Field
        label="New password again"
        field={confirm}
        render={(props) => <input {...props} {...getInputProps(confirm, { type: 'password' })} autoComplete="new-password" required />}
      />
    </>
  )
}
