// SPEC: on checkout pages the footer is replaced by this strip of reassurances.
const TRUST_ITEMS = [
  { label: 'Secure Transactions', icon: 'M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Z' },
  { label: 'Verified Business', icon: 'M9 12l2 2 4-4m6 2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z' },
  { label: 'SSL Protected', icon: 'M6 10V8a6 6 0 1 1 12 0v2M5 10h14v11H5z' },
  { label: 'PCI Compliant', icon: 'M3 6h18v12H3zM3 10h18' },
]

export function TrustStrip() {
  return (
    <ul aria-label="Why paying here is safe" className="mx-auto mt-12 flex max-w-4xl flex-wrap items-center justify-center gap-x-8 gap-y-3 border-t border-slate-200 px-4 pt-8 text-sm text-slate-600">
      {TRUST_ITEMS.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 text-green-600" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d={item.icon} />
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  )
}
