import { Link } from 'react-router'
import { BUSINESS } from '#app/domain/business'

// Minimal chrome from the foundation; the public-site work replaces it with SPEC's navigation.
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 bg-white/95 shadow-sm">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4">
        <Link to="/" className="flex items-center gap-2 font-bold text-navy">
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          {BUSINESS.name}
        </Link>
        <Link to="/checkout" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Get Started
        </Link>
      </nav>
    </header>
  )
}
