import { Form } from 'react-router'
import type { PlanSummary } from '#app/catalogue/catalogue.server'
import type { CheckoutChoices } from '#app/domain/checkout-choices'
import { NO_PLAN_SUMMARY_MESSAGE } from '#app/domain/payment-messages'
import { type Ms365OptionId, dollarsToCents, formatCents } from '#app/domain/pricing'
import { BackupToggle } from './backup-toggle'
import { Ms365Options } from './ms365-options'
import { PriceBreakdown } from './price-breakdown'
import { UsersField } from './users-field'
import { PlanRequestForm } from './plan-request-form'
import type { SubmissionResult } from '@conform-to/react'
import { FeatureList } from '#app/components/ui/feature-list'
import { buttonClasses, StatusButton } from '#app/components/ui/button'

export type ChoiceHandlers = {
  onOption: (option: Ms365OptionId) => void
  onUsers: (value: string) => void
  onBackup: (checked: boolean) => void
}

type Props = {
  choices: CheckoutChoices<PlanSummary>
  usersInput: string
  /** What a choice does once the page runs its scripts: update the address at once, no reload. */
  handlers: ChoiceHandlers
  /** True once hydrated: the 'Update total' button of the page without JavaScript then goes. */
  applyAtOnce: boolean
  /** The options form, read once hydrated for choices made while the scripts were loading. */
  optionsFormRef?: React.Ref<HTMLFormElement>
  processing: boolean
  formError: string | null
  onProceed: (event: React.FormEvent<HTMLFormElement>) => void
  /** False without Stripe keys: the payment step is then "Request this plan". */
  cardPayments?: boolean
  planRequestResult?: SubmissionResult<string[]> | null
}

/**
 * The Order Summary. Its options are a GET form (the address is the state), so without
 * JavaScript 'Update total' asks the server for the new summary; 'Proceed to Checkout' is a POST
 * form that the page turns into the payment modal when JavaScript runs.
 */
export function OrderSummary({
  choices,
  usersInput,
  handlers,
  applyAtOnce,
  optionsFormRef,
  processing,
  formError,
  onProceed,
  cardPayments = true,
  planRequestResult = null,
}: Props) {
  const { plan, quote: priced } = choices
  const hasOption = choices.ms365Option !== 'none'
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="order-summary-heading" className="text-xl font-bold text-slate-900">
        Order Summary
      </h2>
      {!plan ? (
        <p className="mt-4 text-slate-600">{NO_PLAN_SUMMARY_MESSAGE}</p>
      ) : (
        <>
          <div className="mt-4 flex items-baseline justify-between gap-4">
            <p className="text-lg font-semibold text-slate-900">{plan.name} Plan</p>
            <p className="font-semibold text-slate-900">{formatCents(dollarsToCents(plan.price))}/month</p>
          </div>
          {plan.features.length > 0 ? (
            <div className="mt-3">
              <h3 className="text-sm font-semibold text-slate-900">Included features</h3>
              <FeatureList features={plan.features} className="mt-2 space-y-1 text-slate-600" />
            </div>
          ) : null}

          <Form
            ref={optionsFormRef}
            method="get"
            action="/checkout"
            replace
            preventScrollReset
            className="mt-6 space-y-5"
            aria-label="Order options"
          >
            <input type="hidden" name="plan" value={plan.id} />
            <Ms365Options value={choices.ms365Option} onChange={handlers.onOption} />
            {hasOption ? <UsersField value={usersInput} error={choices.usersError} onChange={handlers.onUsers} /> : null}
            <BackupToggle
              checked={choices.includeCloudBackup}
              applies={hasOption && !choices.usersError}
              backupCents={priced?.backupApplies ? priced.backupCents : 0}
              onChange={handlers.onBackup}
            />
            {/* Without JavaScript the choices take effect through this button; with it they apply at once. */}
            {applyAtOnce ? null : (
              <button type="submit" className={buttonClasses('outline', '', 'sm')}>
                Update total
              </button>
            )}
          </Form>

          <div className="mt-6 border-t border-slate-200 pt-4">
            {/* The users field says what is wrong; the total waits for a valid count. */}
            {priced ? (
              <PriceBreakdown priced={priced} />
            ) : (
              <p className="text-sm text-slate-600">The total shows once the number of users is valid.</p>
            )}
          </div>
        </>
      )}

      {plan && !cardPayments ? (
        <PlanRequestForm choices={choices} lastResult={planRequestResult} formError={formError} />
      ) : (
        <ProceedForm choices={choices} usersInput={usersInput} processing={processing} formError={formError} onProceed={onProceed} />
      )}
    </section>
  )
}

function ProceedForm({ choices, usersInput, processing, formError, onProceed }: Omit<Props, 'handlers' | 'applyAtOnce'>) {
  const { plan, quote: priced } = choices
  return (
    <Form method="post" onSubmit={onProceed} className="mt-6">
      <ChoiceFields choices={choices} usersInput={usersInput} />
      {formError ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <StatusButton pending={processing} pendingText="Processing..." disabled={!plan || !priced} className="w-full">
        Proceed to Checkout
      </StatusButton>
    </Form>
  )
}

/** The choices as hidden fields of a form that starts the hosted Stripe Checkout. */
export function ChoiceFields({ choices, usersInput }: { choices: CheckoutChoices; usersInput: string }) {
  if (!choices.plan) return null
  return (
    <>
      <input type="hidden" name="plan" value={choices.plan.id} />
      <input type="hidden" name="microsoft365" value={choices.ms365Option} />
      <input type="hidden" name="ms365_users" value={usersInput} />
      <input type="hidden" name="cloud_backup" value={String(choices.includeCloudBackup)} />
    </>
  )
}
