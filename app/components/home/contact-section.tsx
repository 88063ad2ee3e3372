import type { ReactNode } from 'react'
import { ContactForm } from '#app/components/contact-form'
import { HydrateWhenNear } from '#app/components/hydrate-when-near'
import { StaticIsland } from '#app/components/static-island'
import { LineIcon } from '#app/components/ui/line-icon'
import { ADDRESS_LINES, BUSINESS } from '#app/domain/business'
import { SectionHeading } from './section-heading'

/** One way to reach us: an icon, a title and what to use. */
function ContactItem({ icon, title, children }: { icon: string; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-white/10 text-white">
        <LineIcon path={icon} size={22} />
      </span>
      <div>
        <p className="font-semibold text-white">{title}</p>
        {children}
      </div>
    </li>
  )
}

/** 'Get in Touch': how to reach us. */
function ContactDetails() {
  return (
    <div className="rounded-2xl bg-navy p-8 text-slate-200 lg:col-span-2">
      <h3 className="text-2xl font-bold text-white">Get in Touch</h3>
      <ul className="mt-8 space-y-6">
        <ContactItem
          title="Phone"
          icon="M22 16.9v3a2 2 0 01-2.2 2 19.8 19.8 0 01-8.6-3.1 19.5 19.5 0 01-6-6A19.8 19.8 0 012.1 4.2 2 2 0 014.1 2h3a2 2 0 012 1.7c.1.9.4 1.8.7 2.7a2 2 0 01-.5 2.1L8 9.8a16 16 0 006 6l1.3-1.3a2 2 0 012.1-.4c.9.3 1.8.6 2.7.7a2 2 0 011.7 2z"
        >
          <a href={BUSINESS.phone.href} className="hover:text-white hover:underline">
            {BUSINESS.phone.display}
          </a>
        </ContactItem>
        <ContactItem title="Email" icon="M4 4h16v16H4zM4 6l8 7 8-7">
          {/* The contact form wires a double-click on this link to its Last Form Submission panel. */}
          <a id="contact-email-link" href={`mailto:${BUSINESS.email}`} className="break-all hover:text-white hover:underline">
            {BUSINESS.email}
          </a>
        </ContactItem>
        <ContactItem title="Location" icon="M12 22s7-6.2 7-12a7 7 0 10-14 0c0 5.8 7 12 7 12zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z">
          <address className="not-italic">
            {ADDRESS_LINES[0]}
            <br />
            {ADDRESS_LINES[1]}
          </address>
        </ContactItem>
        <ContactItem title="Business Hours" icon="M12 6v6l4 2M12 2a10 10 0 100 20 10 10 0 000-20z">
          <p>{BUSINESS.hours.weekdays}</p>
          <p>{BUSINESS.hours.weekend}</p>
        </ContactItem>
      </ul>
    </div>
  )
}

/** SPEC §2 contact section: 'Get in Touch' details on the left, the enquiry form on the right. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="contact-heading" eyebrow="Contact" title="Let's talk about your IT">
          Tell us what you need and a member of our team will get back to you within one business day.
        </SectionHeading>
        <div className="mt-12 grid gap-8 lg:grid-cols-5">
          {/* Not hydrated: nothing in it changes in the browser. */}
          <StaticIsland id="contact-details">
            <ContactDetails />
          </StaticIsland>
          <div className="lg:col-span-3">
            {/* Far below the first screen: its form works unhydrated, so it hydrates when near. */}
            <HydrateWhenNear>
              <ContactForm />
            </HydrateWhenNear>
          </div>
        </div>
      </div>
    </section>
  )
}
