import { LineIcon } from '#app/components/ui/line-icon'
import { SectionHeading } from './section-heading'

const REASONS = [
  {
    title: 'Comprehensive Security',
    text: 'Layered protection for every device, inbox and network, with staff training and compliance reporting built in.',
    icon: 'M12 2l8 4v6c0 5-3.5 9-8 10-4.5-1-8-5-8-10V6z',
  },
  {
    title: 'Optimized Performance',
    text: 'Tuned networks, patched systems and right-sized hardware keep your team fast and your customers waiting less.',
    icon: 'M13 2L4 14h7l-1 8 9-12h-7z',
  },
  {
    title: 'Scalable Solutions',
    text: 'Add users, locations and services as you grow, on a flat monthly plan instead of surprise project bills.',
    icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  },
  {
    title: '24/7 Monitoring',
    text: 'Our tools watch your servers, backups and security alerts around the clock, so problems are fixed before you notice.',
    icon: 'M12 6v6l4 2M12 2a10 10 0 100 20 10 10 0 000-20z',
  },
] as const

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="why-heading" eyebrow="Why choose us" title="IT that works as hard as you do">
          One partner for security, infrastructure and support, accountable for the whole picture.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((reason) => (
            <li key={reason.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <LineIcon path={reason.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-navy">{reason.title}</h3>
              <p className="mt-2 text-slate-600">{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
