import { Link } from 'react-router'
import type { NewsCardData } from '#app/catalogue/news-view'

export type { NewsCardData }

export const DEFAULT_NEWS_IMAGE = '/images/news/default.svg'

/** SPEC §2: title clamped to 2 lines, excerpt to 3, 'Read More' opens the article at its top. */
export function NewsCard({ article, headingLevel = 3 }: { article: NewsCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <img
        src={article.image ?? DEFAULT_NEWS_IMAGE}
        alt=""
        width={article.imageWidth}
        height={article.imageHeight}
        loading="lazy"
        decoding="async"
        className="aspect-[8/5] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <time dateTime={article.isoDate} className="text-sm text-slate-600">
          {article.date}
        </time>
        <Heading className="mt-2 line-clamp-2 text-lg font-semibold text-navy">
          <Link to={`/news/${article.slug}`} className="hover:text-brand-700">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600">{article.excerpt}</p>
        <Link
          to={`/news/${article.slug}`}
          className="mt-4 inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          Read More<span className="sr-only">: {article.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </li>
  )
}
