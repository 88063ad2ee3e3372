import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { StatusButton } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { FormError } from '#app/components/ui/form-error'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { newStaffSchema, renameStaffSchema, ROLE_LABELS, SET_PASSWORD_LINK_HOURS, STAFF_PAGE, STAFF_ROLES } from '#app/domain/staff'

// The owners' staff page's forms, each posting to its own task route (routes/admin/staff-*), where
// the account is named in the address. The page shows them; a task route shows its form again when
// it refuses, with what was typed and why.

type Result = SubmissionResult<string[]> | undefined

export const STAFF_ADD = `${STAFF_PAGE}/add`
export const STAFF_TWO_STEP_POLICY = `${STAFF_PAGE}/two-step-policy`

/** A task on one account: `/admin/staff/ann/disable`. */
export function staffTask(username: string, task: string) {
  return `${STAFF_PAGE}/${encodeURIComponent(username)}/${task}`
}

export function AddAccountForm({ lastResult }: { lastResult?: Result }) {
  const pending = useIsPending({ formAction: STAFF_ADD })
  const [form, fields] = useForm({
    id: 'add-staff',
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newStaffSchema }),
    defaultValue: { role: 'staff' },
  })
  return (
    <Form method="post" action={STAFF_ADD} className="mt-4 space-y-3" {...getFormProps(form)}>
      <FormError errors={form.errors} id={form.errorId} />
      <Field
        label="Username"
        field={fields.username}
        render={(props) => (
          <input {...props} {...getInputProps(fields.username, { type: 'text' })} autoComplete="off" maxLength={40} required />
        )}
      />
      <Field
        label="Name"
        field={fields.name}
        render={(props) => (
          <input {...props} {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" maxLength={100} required />
        )}
      />
      <Field
        label="Role"
        field={fields.role}
        render={(props) => (
          <select {...props} {...getSelectProps(fields.role)}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      />
      <StatusButton pending={pending} pendingText="Adding..." size="sm">
        Add account
      </StatusButton>
    </Form>
  )
}

export function TotpPolicyForm({ required, lastResult }: { required: boolean; lastResult?: Result }) {
  const pending = useIsPending({ formAction: STAFF_TWO_STEP_POLICY })
  const [form] = useForm({ id: 'two-step-policy', lastResult })
  return (
    <Form method="post" action={STAFF_TWO_STEP_POLICY} className="mt-4 space-y-3" {...getFormProps(form)}>
      <FormError errors={form.errors} id={form.errorId} />
      <label className="flex items-start gap-2 text-slate-800">
        <input type="checkbox" name="required" defaultChecked={required} className="mt-1 size-4 shrink-0" />
        Require two-step verification: accounts without it can only set it up until they do
      </label>
      <StatusButton pending={pending} variant="outline" size="sm">
        Save
      </StatusButton>
    </Form>
  )
}

/** The name visitors see beside a staff member's chat replies, in the account's row. */
export function RenameForm({ username, name, lastResult }: { username: string; name: string; lastResult?: Result }) {
  const action = staffTask(username, 'name')
  const pending = useIsPending({ formAction: action })
  const [form, fields] = useForm({
    id: `rename-${username}`,
    lastResult,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameStaffSchema }),
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <div className="flex items-center gap-1">
        <input
          {...getInputProps(fields.name, { type: 'text' })}
          aria-label={`Name of ${username}`}
          required
          maxLength={100}
          className="w-36 min-w-0 rounded border border-slate-300 px-2 py-1 text-sm aria-[invalid=true]:border-red-600"
        />
        <StatusButton pending={pending} variant="outline" size="xs" aria-label={`Rename: ${username}`}>
          Rename
        </StatusButton>
      </div>
      {fields.name.errors?.length ? (
        <p id={fields.name.errorId} className="mt-1 max-w-56 text-xs text-red-700">
          {fields.name.errors.join(' ')}
        </p>
      ) : null}
    </Form>
  )
}

/**
 * One button's task on an account (disable, make owner, a new link…). `value` goes with the button
 * itself (`role=owner`), never in a hidden field.
 */
export function AccountTaskButton({
  username,
  task,
  label,
  value,
}: {
  username: string
  task: string
  label: string
  value?: { name: string; value: string }
}) {
  const action = staffTask(username, task)
  const pending = useIsPending({ formAction: action })
  return (
    <Form method="post" action={action}>
      <StatusButton pending={pending} variant="outline" size="xs" aria-label={`${label}: ${username}`} {...value}>
        {label}
      </StatusButton>
    </Form>
  )
}

/** A one-time set-password link, in the answer that made it only (just its hash is stored). */
export function SetPasswordLink({ username, url }: { username: string; url: string }) {
  return (
    <div role="status" data-testid="set-password-link" className="mt-6 rounded-md border border-green-200 bg-green-50 p-4">
      <p className="font-semibold text-green-900">
        One-time link for {username}: give it to them in person or by a channel you trust. It works once, for {SET_PASSWORD_LINK_HOURS}{' '}
        hours, and is not shown again.
      </p>
      <p className="mt-2 font-mono text-sm break-all text-slate-900">
        <a href={url}>{url}</a>
      </p>
    </div>
  )
}
