import { SectionLink } from '#app/components/section-link'
import { StaticIsland } from '#app/components/static-island'
import { buttonClasses } from '#app/components/ui/button'
import { BUSINESS } from '#app/domain/business'
import { HeroCarousel } from './hero-carousel'

/** The headline, the two calls to action and the trust line. */
function HeroText() {
  return (
    <div>
      <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight text-navy sm:text-5xl lg:text-6xl">
        Modern Technology Solutions for Your Business
      </h1>
      <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
        Managed IT, cybersecurity, cloud and communications for small and mid-size businesses and car dealerships across metro Atlanta —
        planned, monitored and supported by one local team.
      </p>
      <div className="mt-8 flex flex-wrap gap-4">
        <SectionLink section="services" className={buttonClasses('primary', 'px-6')}>
          Explore Services
        </SectionLink>
        <SectionLink section="contact" className={buttonClasses('outline', 'px-6')}>
          Contact Us
        </SectionLink>
      </div>
      <p className="mt-8 flex items-center gap-2 text-sm font-medium text-slate-700">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor" className="text-amber-500">
          <path d="M12 2l3 7h7l-5.5 4.5 2 7.5L12 17l-6.5 4 2-7.5L2 9h7z" />
        </svg>
        Trusted by {BUSINESS.trustedBy} businesses
      </p>
    </div>
  )
}

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white pt-28 pb-16 lg:pt-36 lg:pb-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 lg:grid-cols-2">
        {/* Not hydrated: its section links work through the islands' one listener. */}
        <StaticIsland id="hero-text">
          <HeroText />
        </StaticIsland>
        <HeroCarousel />
      </div>
    </section>
  )
}
