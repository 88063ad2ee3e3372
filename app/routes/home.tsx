import { listPlans, listServices, listSolutions, settleList } from '#app/catalogue/catalogue.server'
import { ContactForm } from '#app/components/contact-form'
import { getEnv } from '#app/config/env.server'
import { BUSINESS } from '#app/domain/business'
import { pageMeta } from '#app/domain/seo'
import { contactAction } from '#app/enquiries/contact-action.server'
import { contactClientAction } from '#app/enquiries/contact-client-action'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'IT Services & Technology Solutions for Georgia Businesses',
    description: 'Managed IT solutions, cybersecurity, cloud, VoIP and consulting for small and mid-size businesses and car dealerships in Roswell and metro Atlanta.',
    path: '/',
    siteUrl: data?.siteUrl ?? '',
  })

export async function loader() {
  const [services, solutions, plans] = await Promise.all([settleList(listServices), settleList(listSolutions), settleList(listPlans)])
  return { siteUrl: getEnv().SITE_URL, services, solutions, plans }
}

// The contact form in the contact section posts here (works without JavaScript).
export const action = contactAction
// With JavaScript: the same action through a fetcher, with a readable failure when no answer comes.
export const clientAction = contactClientAction

export default function Home({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData
  return (
    <main id="main" className="pt-24">
      <section className="mx-auto max-w-7xl px-4 py-16">
        <h1 className="text-4xl font-bold text-navy">Modern Technology Solutions for Your Business</h1>
      </section>
      <section id="pricing" aria-labelledby="pricing-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="pricing-heading" className="text-3xl font-bold">
          Pricing
        </h2>
        {plans.ok ? (
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {plans.items.map((plan) => (
              <li key={plan.id} className="rounded-xl border p-6">
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                <p id={`${plan.name.toLowerCase()}-price`}>${plan.price} per month</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 text-center text-red-600">Error loading pricing plans. Please try again later.</p>
        )}
      </section>
      {/* Minimal contact section so the enquiry feature can be used and tested on this branch; the
          public-site work owns this section (heading, phone, location, hours) and renders <ContactForm />. */}
      <section id="contact" aria-labelledby="contact-heading" className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-2">
        <div>
          <h2 id="contact-heading" className="text-3xl font-bold">
            Get in Touch
          </h2>
          <p className="mt-4">
            Email: <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
          </p>
        </div>
        <ContactForm />
      </section>
    </main>
  )
}
