import { Form } from 'react-router'
import { StatusButton } from '#app/components/ui/button'
import { CONTROL_CLASS } from '#app/components/ui/field'
import { useIsPending } from '#app/components/ui/use-is-pending'

/**
 * Who takes an enquiry or a chat: the staff list with "Nobody" first. `me` marks the reader's own
 * name, so taking something yourself is one obvious choice.
 */
export function AssignForm({
  action,
  label,
  selectId,
  current,
  owners,
  me,
}: {
  action: string
  label: string
  selectId: string
  current: string | undefined
  owners: { id: string; name: string }[]
  me?: string
}) {
  const pending = useIsPending({ formAction: action })
  return (
    <Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-3">
      <div className="min-w-40 flex-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <select id={selectId} name="assignee" defaultValue={current ?? ''} className={CONTROL_CLASS}>
          <option value="">Nobody</option>
          {owners.map((owner) => (
            <option key={owner.id} value={owner.id}>
              {owner.id === me ? `${owner.name} (me)` : owner.name}
            </option>
          ))}
        </select>
      </div>
      <StatusButton pending={pending} pendingText="Saving..." variant="outline">
        Assign
      </StatusButton>
    </Form>
  )
}
