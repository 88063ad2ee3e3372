import { AboutSection } from '#app/components/home/about-section'
import { ContactSection } from '#app/components/home/contact-section'
import { HeroSection } from '#app/components/home/hero-section'
import { NewsSection } from '#app/components/home/news-section'
import { PaymentOptions } from '#app/components/home/payment-options'
import { PricingSection } from '#app/components/home/pricing-section'
import { ServicesSection } from '#app/components/home/services-section'
import { SolutionsSection } from '#app/components/home/solutions-section'
import { TestimonialsSection } from '#app/components/home/testimonials-section'
import { WhyChooseUs } from '#app/components/home/why-choose-us'
import { useScrollToSectionOnArrival } from '#app/components/section-link'
import { StaticIsland } from '#app/components/static-island'
import { listPlans, listServices, listSolutions, listTestimonials, settleList } from '#app/catalogue/catalogue.server'
import { getEnv } from '#app/lib/config/env.server'
import { listPublishedNews } from '#app/catalogue/news.server'
import { HOME_NEWS_COUNT } from '#app/catalogue/news-view'
import { pageMeta } from '#app/domain/seo'
import { data } from 'react-router'
import { listHeaders, loaderCacheControl } from '#app/lib/http/cache-control'
import { contactAction } from '#app/enquiries/contact-action.server'
import { contactClientAction } from '#app/enquiries/contact-client-action'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'IT Services & Technology Solutions for Georgia Businesses',
    description:
      'Managed IT solutions, cybersecurity, cloud, VoIP and consulting for small and mid-size businesses and car dealerships in Roswell and metro Atlanta.',
    path: '/',
    siteUrl: loaderData?.siteUrl ?? '',
  })

export async function loader() {
  const [services, solutions, plans, testimonials, news] = await Promise.all([
    settleList(listServices),
    settleList(listSolutions),
    settleList(listPlans),
    settleList(listTestimonials),
    settleList(async () => (await listPublishedNews()).slice(0, HOME_NEWS_COUNT)),
  ])
  // Only the card fields travel to the browser; article bodies stay on the server.
  return data(
    {
      siteUrl: getEnv().SITE_URL,
      top: { services, solutions },
      bottom: { plans, news: news.ok ? news.items : [], testimonials },
    },
    { headers: listHeaders(services, solutions, plans, testimonials, news) },
  )
}

export const headers = loaderCacheControl

// The contact form in the contact section posts here (works without JavaScript).
export const action = contactAction
// With JavaScript: the same action through a fetcher, with a readable failure when no answer comes.
export const clientAction = contactClientAction

export default function Home({ loaderData }: Route.ComponentProps) {
  const { top, bottom } = loaderData
  useScrollToSectionOnArrival()
  return (
    <main id="main">
      <HeroSection />
      {/* Sections that do not change in the browser are not hydrated (components/static-island.tsx). */}
      <StaticIsland id="home-static-top" data={top}>
        <WhyChooseUs />
        <ServicesSection services={top.services} />
        <SolutionsSection solutions={top.solutions} />
        <PaymentOptions />
      </StaticIsland>
      <StaticIsland id="home-static-bottom" data={bottom}>
        <PricingSection plans={bottom.plans} />
        <NewsSection articles={bottom.news} />
        <AboutSection />
        {/* Between About and Contact, when staff show at least one. */}
        {bottom.testimonials.ok && bottom.testimonials.items.length > 0 ? (
          <TestimonialsSection testimonials={bottom.testimonials.items} />
        ) : null}
      </StaticIsland>
      <ContactSection />
    </main>
  )
}
