import type { ReactNode } from 'react'

/** The eyebrow, h2 and lead paragraph that open each home page section. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-slate-600">{children}</p> : null}
    </div>
  )
}

/** SPEC §8: a list that failed to load shows red, centred text in its place. */
export function ListError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-12 text-center font-medium text-red-700">
      {children}
    </p>
  )
}
