import { Link } from 'react-router'
import { NewsCard, type NewsCardData } from '#app/components/news-card'
import { SectionHeading } from './section-heading'

export function NewsSection({ articles }: { articles: NewsCardData[] }) {
  return (
    <section id="news" aria-labelledby="news-heading" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="news-heading" eyebrow="News" title="Latest news and insights">
          Practical advice on security, compliance and technology for businesses and dealerships.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((article) => (
            <NewsCard key={article.slug} article={article} />
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to="/news" className="font-semibold text-brand-700 hover:underline">
            See all news
          </Link>
        </p>
      </div>
    </section>
  )
}
