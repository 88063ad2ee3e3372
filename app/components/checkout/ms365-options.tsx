import { MS365_OPTIONS, type Ms365OptionId, formatCents } from '#app/domain/pricing'

type Props = { value: Ms365OptionId; onChange?: (option: Ms365OptionId) => void }

/** SPEC: radio choices No Microsoft 365 ($0), Business Standard, Business Premium, E3 (no Teams). */
export function Ms365Options({ value, onChange }: Props) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Microsoft 365</legend>
      <div className="mt-2 space-y-2">
        {MS365_OPTIONS.map((option) => (
          <label
            key={option.id}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name="microsoft365"
                value={option.id}
                checked={value === option.id}
                onChange={() => onChange?.(option.id)}
                className="h-4 w-4 accent-brand-600"
              />
              {option.shortLabel}
            </span>
            <span className="text-slate-600">{option.id === 'none' ? '$0' : `${formatCents(option.pricePerUserCents)}/user/month`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
