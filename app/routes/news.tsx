import { NewsCard } from '#app/components/news-card'
import { getEnv } from '#app/lib/config/env.server'
import { listPublishedNews } from '#app/catalogue/news.server'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/news'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'News and Insights',
    description:
      'IT news, security alerts and practical technology advice for small businesses and car dealerships from our Roswell, Georgia team.',
    path: '/news',
    siteUrl: loaderData?.siteUrl ?? '',
  })

export async function loader() {
  return { siteUrl: getEnv().SITE_URL, articles: await listPublishedNews() }
}

export default function NewsList({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="bg-slate-50 pt-32 pb-20">
      <div className="mx-auto max-w-7xl px-4">
        <h1 className="text-center text-4xl font-extrabold tracking-tight text-navy">News and Insights</h1>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600">
          Security alerts, compliance deadlines and practical technology advice from our team.
        </p>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.articles.map((article) => (
            <NewsCard key={article.slug} article={article} headingLevel={2} />
          ))}
        </ul>
      </div>
    </main>
  )
}
