import { BUSINESS, copyrightLine } from '#app/domain/business'

// Minimal chrome from the foundation; the public-site work replaces it with SPEC's footer.
export function SiteFooter() {
  return (
    <footer className="bg-navy px-4 py-10 text-slate-200">
      <div className="mx-auto max-w-7xl text-sm">
        <p>
          {BUSINESS.address.locality}, {BUSINESS.address.regionName} · {BUSINESS.hours.weekdays}
        </p>
        <p className="mt-2">{copyrightLine()}</p>
      </div>
    </footer>
  )
}
