import type { ReactNode } from 'react'

/**
 * The page of a staff sign-in step (password, two-step code, setting a password from a link): one
 * centred card with its heading and a line saying what the step is for.
 */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 pt-28 pb-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
        {children}
      </div>
    </main>
  )
}
