import { useEffect, useRef } from 'react'
import { Form, Link, useBlocker, useNavigation } from 'react-router'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { CONTENT_FIELDS, CONTENT_LABELS, type ContentKind } from '#app/domain/content-rules'
import { Card } from './card'
import { ContentField, type UploadOption } from './content-field'

// The staff content form, shared by the editor and its preview page: Save posts to the editor,
// Preview to /preview (which renders the unsaved form and this form again, filled in). With
// JavaScript, leaving with unsaved changes asks first; without it, the form still never loses work.

export type ContentEditorProps = {
  kind: ContentKind
  id: number | null
  values: Record<string, string>
  version: number
  errors: Record<string, string[]>
  conflict: Record<string, string> | null
  illustrations: readonly string[]
  uploads: readonly UploadOption[]
  /** The form already holds changes that are not saved (after a preview or a refused save). */
  startsDirty: boolean
}

export function contentEditorPath(kind: ContentKind, id: number | null) {
  return `/admin/content/${kind}/${id ?? 'new'}`
}

export function ContentEditor({ kind, id, values, version, errors, conflict, illustrations, uploads, startsDirty }: ContentEditorProps) {
  const base = contentEditorPath(kind, id)
  const saving = useIsPending({ formAction: base })
  const previewing = useIsPending({ formAction: `${base}/preview` })
  const labels = CONTENT_LABELS[kind]
  const { onChange, onSubmit, blocker } = useUnsavedChanges(startsDirty)
  return (
    <>
      <Card className="mt-6">
        <Form
          method="post"
          action={base}
          encType="multipart/form-data"
          className="space-y-5"
          noValidate
          onChange={onChange}
          onSubmit={onSubmit}
        >
          <input type="hidden" name="version" value={version} />
          {CONTENT_FIELDS[kind].map((field) => (
            <ContentField
              key={`${field.name}-${version}-${field.kind === 'image' ? (values[field.name] ?? '') : ''}`}
              kind={kind}
              field={field}
              value={values[field.name] ?? ''}
              errors={errors[field.name]}
              theirs={conflict && conflict[field.name] !== values[field.name] ? (conflict[field.name] ?? '') : null}
              illustrations={illustrations}
              uploads={uploads}
            />
          ))}
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
            <StatusButton pending={saving} pendingText="Saving...">
              {id === null ? `Create ${labels.singular}` : 'Save changes'}
            </StatusButton>
            <StatusButton pending={previewing} pendingText="Preparing preview..." variant="outline" formAction={`${base}/preview`}>
              Preview
            </StatusButton>
            <Link to={`/admin/content/${kind}`} className={buttonClasses('outline')}>
              Cancel
            </Link>
            {id !== null ? (
              <Link to={`${base}/delete`} className={buttonClasses('dangerOutline', 'max-sm:mt-3 max-sm:w-full sm:ml-auto')}>
                Delete {labels.singular}
              </Link>
            ) : null}
          </div>
        </Form>
      </Card>
      {blocker.state === 'blocked' ? (
        <LeaveDialog singular={labels.singular} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
      ) : null}
    </>
  )
}

/**
 * Whether the form holds unsaved changes, and the two guards that ask before they are lost: React
 * Router's blocker for links inside the site, the browser's own question for reloads and closing.
 * Refs, not state: the blocker is asked during the same event that submits the form.
 */
function useUnsavedChanges(startsDirty: boolean) {
  const dirty = useRef(startsDirty)
  const submitting = useRef(false)
  const navigation = useNavigation()
  useEffect(() => {
    if (navigation.state === 'idle') submitting.current = false
  }, [navigation.state])
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty.current || submitting.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !submitting.current &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  )
  return {
    blocker,
    onChange: () => {
      dirty.current = true
    },
    onSubmit: () => {
      submitting.current = true
    },
  }
}

function LeaveDialog({ singular, onStay, onLeave }: { singular: string; onStay: () => void; onLeave: () => void }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onStay()
        }}
      >
        <h2 id="leave-title" className="text-lg font-semibold text-slate-900">
          Leave without saving?
        </h2>
        <p id="leave-text" className="mt-2 text-slate-700">
          Your changes to this {singular} are not saved. If you leave now, they are lost.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" autoFocus onClick={onStay} className={buttonClasses('primary')}>
            Stay and keep editing
          </button>
          <button type="button" onClick={onLeave} className={buttonClasses('dangerOutline')}>
            Leave without saving
          </button>
        </div>
      </div>
    </div>
  )
}
