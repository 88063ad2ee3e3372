import { type PriceQuote, formatCents } from '#app/domain/pricing'

/** The lines of quote() and the total per month, as the page and the payment modal show them. */
export function PriceBreakdown({ priced, id }: { priced: PriceQuote; id?: string }) {
  return (
    <dl id={id} className="space-y-2 text-sm">
      {priced.lines.map((line) => (
        <div key={line.kind} className="flex justify-between gap-4" data-testid={`line-${line.kind}`}>
          <dt className="text-slate-700">
            {line.label}
            {line.detail ? <span className="block text-xs text-slate-500">{line.detail}</span> : null}
          </dt>
          <dd className="font-medium text-slate-900">{formatCents(line.amountCents)}/month</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
        <dt>Total</dt>
        <dd data-testid="total">{formatCents(priced.totalCents)}/month</dd>
      </div>
    </dl>
  )
}
