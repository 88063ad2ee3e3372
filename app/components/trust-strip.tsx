import { LineIcon } from '#app/components/ui/line-icon'

// SPEC §2: the four reassurances under every page (and the only chrome below checkout).
const TRUST_ITEMS = [
  { label: 'Secure Transactions', icon: 'M12 2l8 4v6c0 5-3.5 9-8 10-4.5-1-8-5-8-10V6z' },
  { label: 'Verified Business', icon: 'M9 12l2 2 4-4M12 2a10 10 0 100 20 10 10 0 000-20z' },
  { label: 'SSL Protected', icon: 'M6 11V8a6 6 0 1112 0v3M5 11h14v10H5z' },
  { label: 'PCI Compliant', icon: 'M3 7h18v10H3zM3 11h18' },
] as const

export function TrustStrip() {
  return (
    <section aria-label="Trust and security" className="border-t border-slate-200 bg-slate-50">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-6 text-sm font-medium text-slate-700 md:grid-cols-4">
        {TRUST_ITEMS.map(({ label, icon }) => (
          <li key={label} className="flex items-center justify-center gap-2">
            <LineIcon path={icon} size={20} className="text-green-700" />
            {label}
          </li>
        ))}
      </ul>
    </section>
  )
}
