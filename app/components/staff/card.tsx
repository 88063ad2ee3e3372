import { type ComponentPropsWithoutRef, type ReactNode, useId } from 'react'

const FRAMES = {
  padded: 'rounded-xl border p-4 shadow-sm sm:p-6',
  // A list or table whose rows run to the panel's edges.
  flush: 'rounded-xl border shadow-sm',
  // A plain block on a phone, where its rows are cards of their own; a panel from 640 px.
  'from-sm': 'sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-6 sm:shadow-sm',
}

const TONES = { plain: 'border-slate-200 bg-white', danger: 'border-red-200 bg-red-50/40' }

type CardProps = Omit<ComponentPropsWithoutRef<'section'>, 'title'> & {
  /** The heading; leave it out for a panel without one (name it with `aria-label` if it needs a name). */
  title?: ReactNode
  /** One element beside the heading (group several in your own element); it wraps under the heading on a phone. */
  actions?: ReactNode
  /** Names the section by its heading, making it a landmark region; off by default, so a form's heading never names a region. */
  region?: boolean
  /** The heading's id, for links (`#reply-heading`) and tests; generated when `region` is on without one. */
  headingId?: string
  level?: 2 | 3
  frame?: keyof typeof FRAMES
  tone?: keyof typeof TONES
}

/**
 * One panel of a staff page, so every panel looks and is named the same way. `id` goes on the
 * section, so a redirect can return to it (`#saved-replies`).
 */
export function Card({
  title,
  actions,
  region = false,
  headingId,
  level = 2,
  frame = 'padded',
  tone = 'plain',
  className = '',
  children,
  ...section
}: CardProps) {
  const generatedId = useId()
  const titleId = headingId ?? (region ? generatedId : undefined)
  const Heading = level === 2 ? 'h2' : 'h3'
  const heading =
    title === undefined ? null : (
      <Heading id={titleId} className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
        {title}
      </Heading>
    )
  return (
    <section
      aria-labelledby={region && heading ? titleId : undefined}
      {...section}
      className={`min-w-0 scroll-mt-4 ${FRAMES[frame]} ${frame === 'from-sm' ? '' : TONES[tone]} ${className}`}
    >
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}
