import { Link } from 'react-router'
import { SectionLink } from '#app/components/section-link'
import { getEnv } from '#app/lib/config/env.server'
import { BUSINESS } from '#app/domain/business'
import { legalDocuments } from '#app/catalogue/legal'
import { listPublishedNews } from '#app/catalogue/news.server'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/resources'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Resources',
    description: 'Articles, security and privacy policies, and support hours for our managed IT, cybersecurity and communications clients.',
    path: '/resources',
    siteUrl: loaderData?.siteUrl ?? '',
  })

export async function loader() {
  return {
    siteUrl: getEnv().SITE_URL,
    articles: (await listPublishedNews()).map(({ slug, title, date, isoDate }) => ({ slug, title, date, isoDate })),
    policies: legalDocuments.map(({ slug, title, description }) => ({ slug, title, description })),
  }
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="bg-white pt-32 pb-20">
      <div className="mx-auto max-w-5xl px-4">
        <h1 className="text-4xl font-extrabold tracking-tight text-navy">Resources</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">Guides and news from our team, our policies, and how to reach support.</p>

        <div className="mt-12 grid gap-10 lg:grid-cols-3">
          <section aria-labelledby="resources-articles" className="lg:col-span-2">
            <h2 id="resources-articles" className="text-2xl font-bold text-navy">
              Articles and guides
            </h2>
            <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
              {loaderData.articles.map((article) => (
                <li key={article.slug} className="py-3">
                  <Link to={`/news/${article.slug}`} className="font-medium text-brand-700 hover:underline">
                    {article.title}
                  </Link>
                  <time dateTime={article.isoDate} className="block text-sm text-slate-600">
                    {article.date}
                  </time>
                </li>
              ))}
            </ul>
          </section>

          <div className="space-y-10">
            <section aria-labelledby="resources-policies">
              <h2 id="resources-policies" className="text-2xl font-bold text-navy">
                Policies
              </h2>
              <ul className="mt-4 space-y-4">
                {loaderData.policies.map((policy) => (
                  <li key={policy.slug}>
                    <Link to={`/${policy.slug}`} className="font-medium text-brand-700 hover:underline">
                      {policy.title}
                    </Link>
                    <p className="text-sm text-slate-600">{policy.description}</p>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="resources-support" className="rounded-xl bg-brand-50 p-6">
              <h2 id="resources-support" className="text-2xl font-bold text-navy">
                Support
              </h2>
              <p className="mt-3 text-slate-700">{BUSINESS.hours.weekdays}</p>
              <p className="text-slate-700">{BUSINESS.hours.weekend}</p>
              <p className="mt-3">
                <a href={BUSINESS.phone.href} className="font-medium text-brand-700 hover:underline">
                  {BUSINESS.phone.display}
                </a>
              </p>
              <p>
                <a href={`mailto:${BUSINESS.email}`} className="font-medium break-all text-brand-700 hover:underline">
                  {BUSINESS.email}
                </a>
              </p>
              <SectionLink section="contact" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
                Send us a message
              </SectionLink>
            </section>
          </div>
        </div>
      </div>
    </main>
  )
}
