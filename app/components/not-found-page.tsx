import { Link } from 'react-router'

// Minimal 404 from the foundation; the public-site work adds SPEC's progress bar and redirect.
export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 pt-28 pb-16 text-center">
      <h1 className="text-4xl font-bold text-slate-900">404 Not Found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for no longer exists or has been moved.</p>
      <div className="mt-8 flex gap-4">
        <Link to="/" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white">
          Return to Home
        </Link>
        <a href="/#contact" className="rounded-md border border-slate-300 px-5 py-3 font-semibold">
          Contact Us
        </a>
      </div>
    </main>
  )
}
