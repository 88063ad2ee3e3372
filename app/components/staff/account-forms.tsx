import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { StatusButton } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { NewPasswordFields } from '#app/components/new-password-fields'
import { FormError } from '#app/components/ui/form-error'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { changePasswordSchema, currentPasswordSchema, totpConfirmSchema } from '#app/domain/staff'

// The forms of one's own account page, each posting to its own task route (routes/admin/account-*).
// The page shows them; a task route shows its form again when it refuses, with its message.

type Result = SubmissionResult<string[]> | undefined

export const ACCOUNT_TASKS = {
  password: '/admin/account/password',
  totpStart: '/admin/account/two-step/start',
  totpCancel: '/admin/account/two-step/cancel',
  totpConfirm: '/admin/account/two-step/confirm',
  totpRemove: '/admin/account/two-step/remove',
  recoveryCodes: '/admin/account/two-step/recovery-codes',
} as const

export function ChangePasswordForm({ username, lastResult }: { username: string; lastResult?: Result }) {
  const pending = useIsPending({ formAction: ACCOUNT_TASKS.password })
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  })
  return (
    <Form method="post" action={ACCOUNT_TASKS.password} className="mt-4 max-w-md space-y-3" {...getFormProps(form)}>
      {/* For password managers: which account the new password is for. */}
      <input type="hidden" name="username" value={username} autoComplete="username" />
      <FormError errors={form.errors} id={form.errorId} />
      <Field
        label="Current password"
        field={fields.currentPassword}
        render={(props) => (
          <input {...props} {...getInputProps(fields.currentPassword, { type: 'password' })} autoComplete="current-password" required />
        )}
      />
      <NewPasswordFields password={fields.password} confirm={fields.confirm} />
      <StatusButton pending={pending} pendingText="Changing..." size="sm">
        Change password
      </StatusButton>
    </Form>
  )
}

export function TotpStartForm() {
  const pending = useIsPending({ formAction: ACCOUNT_TASKS.totpStart })
  return (
    <Form method="post" action={ACCOUNT_TASKS.totpStart} className="mt-4">
      <StatusButton pending={pending} size="sm">
        Set up two-step verification
      </StatusButton>
    </Form>
  )
}

export function TotpConfirmForm({ lastResult }: { lastResult?: Result }) {
  const pending = useIsPending({ formAction: ACCOUNT_TASKS.totpConfirm })
  const cancelling = useIsPending({ formAction: ACCOUNT_TASKS.totpCancel })
  const [form, fields] = useForm({
    id: 'totp-confirm',
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpConfirmSchema }),
  })
  return (
    <>
      <Form method="post" action={ACCOUNT_TASKS.totpConfirm} className="mt-4 space-y-3" {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <Field
          label="First code from the app"
          field={fields.code}
          render={(props) => (
            <input
              {...props}
              {...getInputProps(fields.code, { type: 'text' })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={100}
              required
            />
          )}
        />
        <StatusButton pending={pending} size="sm">
          Turn on
        </StatusButton>
      </Form>
      <Form method="post" action={ACCOUNT_TASKS.totpCancel} className="mt-2">
        <StatusButton pending={cancelling} variant="outline" size="xs">
          Cancel
        </StatusButton>
      </Form>
    </>
  )
}

/** "New recovery codes" and "Turn off": the current password, then the task. */
function PasswordCheckForm({
  id,
  action,
  heading,
  button,
  lastResult,
}: {
  id: string
  action: string
  heading: string
  button: string
  lastResult?: Result
}) {
  const pending = useIsPending({ formAction: action })
  const [form, fields] = useForm({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: currentPasswordSchema }),
  })
  return (
    <Form method="post" action={action} className="space-y-3" {...getFormProps(form)}>
      <h3 className="font-semibold text-slate-900">{heading}</h3>
      <FormError errors={form.errors} id={form.errorId} />
      <Field
        label="Current password"
        field={fields.currentPassword}
        render={(props) => (
          <input {...props} {...getInputProps(fields.currentPassword, { type: 'password' })} autoComplete="current-password" required />
        )}
      />
      <StatusButton pending={pending} variant="outline" size="sm">
        {button}
      </StatusButton>
    </Form>
  )
}

export function RecoveryCodesForm({ lastResult }: { lastResult?: Result }) {
  return (
    <PasswordCheckForm
      id="recovery-codes"
      action={ACCOUNT_TASKS.recoveryCodes}
      heading="New recovery codes"
      button="Make new recovery codes"
      lastResult={lastResult}
    />
  )
}

export function TotpRemoveForm({ lastResult }: { lastResult?: Result }) {
  return (
    <PasswordCheckForm
      id="totp-off"
      action={ACCOUNT_TASKS.totpRemove}
      heading="Turn off"
      button="Turn off two-step verification"
      lastResult={lastResult}
    />
  )
}

/** Shown once, in the answer that made them: never stored in plain text, never shown again. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div data-testid="recovery-codes" className="mt-4 rounded-md border border-green-200 bg-green-50 p-4">
      <p className="font-semibold text-green-900">
        Your recovery codes. Keep them somewhere safe: each works once if you lose your phone, and they are not shown again.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  )
}
