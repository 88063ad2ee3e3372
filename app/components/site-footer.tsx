import { Link } from 'react-router'
import { SectionLink } from '#app/components/section-link'
import { ADDRESS_LINES, BUSINESS, copyrightLine } from '#app/domain/business'
import { LineIcon } from '#app/components/ui/line-icon'

const FOOTER_SERVICES = [
  'Managed IT Services',
  'Network Support',
  'Cybersecurity',
  'Cloud Services',
  'VoIP & Telecommunications',
  'Dealership Systems Integration',
]

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/security-policy', label: 'Security Policy' },
] as const

const linkClass = 'text-slate-300 hover:text-white hover:underline'

const SOCIAL_ICONS: Record<(typeof BUSINESS.social)[number]['name'], string> = {
  Facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z',
  X: 'M4 4l16 16M20 4L4 20',
  LinkedIn: 'M4 9h4v11H4zM6 4a2 2 0 110 4 2 2 0 010-4zM10 9h4v2c1-2 6-3 6 2v7h-4v-6c0-2-2-2-2 0v6h-4z',
}

export function SiteFooter() {
  return (
    <footer className="bg-navy text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <img src="/images/logo.svg" alt="" width={32} height={32} loading="lazy" />
            {BUSINESS.name}
          </p>
          <p className="mt-4 text-sm leading-6">
            {BUSINESS.tagline}. From our office in {BUSINESS.address.locality}, {BUSINESS.address.regionName}, we keep small and mid-size
            businesses secure, connected and productive.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {BUSINESS.social.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`${BUSINESS.name} on ${social.name}`}
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  <LineIcon path={SOCIAL_ICONS[social.name]} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="text-sm font-semibold tracking-wider text-white uppercase">
            Services
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_SERVICES.map((service) => (
              <li key={service}>
                <SectionLink section="services" className={linkClass}>
                  {service}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wider text-white uppercase">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <SectionLink section="about" className={linkClass}>
                About Us
              </SectionLink>
            </li>
            <li>
              <SectionLink section="pricing" className={linkClass}>
                Pricing
              </SectionLink>
            </li>
            <li>
              <Link to="/news" className={linkClass}>
                News
              </Link>
            </li>
            <li>
              <SectionLink section="contact" className={linkClass}>
                Contact
              </SectionLink>
            </li>
            <li>
              <Link to="/checkout" className={linkClass}>
                Checkout
              </Link>
            </li>
            <li>
              <Link to="/resources/" className={linkClass}>
                Resources
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p>
              <a href={BUSINESS.phone.href} className={linkClass}>
                {BUSINESS.phone.display}
              </a>
            </p>
            <p>
              <a href={`mailto:${BUSINESS.email}`} className={linkClass}>
                {BUSINESS.email}
              </a>
            </p>
            <p>
              {ADDRESS_LINES[0]}
              <br />
              {ADDRESS_LINES[1]}
            </p>
            <p>
              {BUSINESS.hours.weekdays}
              <br />
              {BUSINESS.hours.weekend}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{copyrightLine()}</p>
          <ul className="flex flex-wrap gap-4">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
