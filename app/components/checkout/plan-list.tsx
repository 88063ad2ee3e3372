import { Link } from 'react-router'
import { Badge } from '#app/components/ui/badge'
import type { PlanSummary } from '#app/catalogue/catalogue.server'
import type { ListState } from '#app/domain/list-state'
import { formatCents, dollarsToCents } from '#app/domain/pricing'

type Props = {
  plans: ListState<PlanSummary>
  selectedPlanId: number | null
  /** The address of each plan: /checkout with the rest of the current query kept. */
  hrefFor: (plan: PlanSummary) => string
}

/** The plans as links: choosing one works without JavaScript and keeps the other choices. */
export function PlanList({ plans, selectedPlanId, hrefFor }: Props) {
  if (!plans.ok)
    return <p className="rounded-xl bg-red-50 p-6 text-center text-red-700">Error loading pricing plans. Please try again later.</p>
  return (
    <ul aria-label="Service plans" className="space-y-4">
      {plans.items.map((plan) => {
        const selected = plan.id === selectedPlanId
        return (
          <li key={plan.id}>
            <Link
              to={hrefFor(plan)}
              replace
              preventScrollReset
              aria-current={selected ? 'true' : undefined}
              data-testid={`plan-${plan.id}`}
              className={`block rounded-xl border-2 bg-white p-5 shadow-sm transition hover:border-brand-600 ${
                selected ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'
              }`}
            >
              <div className="flex items-start justify-between gap-4">
                <div>
                  <p className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
                    {plan.name}
                    {plan.popular ? <Badge>Most Popular</Badge> : null}
                    {selected ? <span className="sr-only">(selected)</span> : null}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
                </div>
                <p className="shrink-0 text-right text-xl font-bold text-slate-900">
                  {formatCents(dollarsToCents(plan.price))}
                  <span className="text-sm font-normal text-slate-500">/mo</span>
                </p>
              </div>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
