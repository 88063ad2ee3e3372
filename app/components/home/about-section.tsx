import { BUSINESS } from '#app/domain/business'
import { SectionHeading } from './section-heading'

const REASONS = [
  {
    title: 'Experienced team',
    text: 'Certified engineers with years of experience across small business, healthcare, finance and automotive dealership systems.',
  },
  {
    title: 'Secure solutions',
    text: 'Security is designed in from the first day: multi-factor sign-in, monitored endpoints and tested backups are standard, not extras.',
  },
  {
    title: 'Client-focused',
    text: 'A local team that answers the phone, explains things in plain language and plans your technology around your business goals.',
  },
] as const

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-heading" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="about-heading" eyebrow="About us" title={`About ${BUSINESS.name}`} />
        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <div>
            <h3 className="text-xl font-semibold text-navy">Our mission</h3>
            <p className="mt-3 leading-7 text-slate-700">
              To give small and mid-size businesses the kind of secure, dependable technology that large companies take for granted — at a
              predictable monthly cost, from a team based in {BUSINESS.address.locality}, {BUSINESS.address.regionName}.
            </p>
          </div>
          <div>
            <h3 className="text-xl font-semibold text-navy">Our approach</h3>
            <p className="mt-3 leading-7 text-slate-700">
              We start by learning how your business runs, then standardise, secure and monitor your systems so problems are prevented
              rather than repaired. Every client gets a roadmap, regular reviews and one team accountable for the whole picture.
            </p>
          </div>
        </div>
        <h3 className="mt-14 text-center text-xl font-semibold text-navy">Why choose us</h3>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {REASONS.map((reason) => (
            <li key={reason.title} className="rounded-xl bg-brand-50 p-6">
              <h4 className="font-semibold text-navy">{reason.title}</h4>
              <p className="mt-2 text-sm text-slate-700">{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
