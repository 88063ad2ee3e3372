import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { SectionHeading } from './section-heading'

const PAYMENT_OPTIONS = [
  { title: 'Credit and debit cards', text: 'Visa, Mastercard and Amex cards accepted for monthly plans.' },
  { title: 'ACH and wire transfers', text: 'Pay larger invoices and projects straight from your business bank account.' },
  { title: 'Recurring billing', text: 'One predictable charge each month, with itemised receipts for your books.' },
  {
    title: 'PCI DSS compliant processing',
    text: 'Card details go straight to our PCI DSS compliant processor and never touch our servers.',
  },
] as const

export function PaymentOptions() {
  return (
    <section aria-labelledby="payment-heading" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="payment-heading" eyebrow="Payment options" title="Flexible, secure ways to pay">
          Choose the payment method that suits your business; every option is processed securely.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PAYMENT_OPTIONS.map((option) => (
            <li key={option.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="font-semibold text-navy">{option.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{option.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/checkout" className={buttonClasses('primary', 'px-8')}>
            Get Started
          </Link>
        </div>
      </div>
    </section>
  )
}
