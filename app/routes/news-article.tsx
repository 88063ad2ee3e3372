import { data, redirect } from 'react-router'
import { FeatureArticle } from '#app/components/news/feature-article'
import { StandardArticle } from '#app/components/news/standard-article'
import { DEFAULT_NEWS_IMAGE } from '#app/components/news-card'
import { findAdminSession } from '#app/staff/admin-session.server'
import { getEnv } from '#app/lib/config/env.server'
import { findArticle } from '#app/catalogue/news.server'
import type { NewsArticleView } from '#app/catalogue/news-view'
import { BUSINESS } from '#app/domain/business'
import { SLUG_PATTERN } from '#app/domain/content-rules'
import { pageMeta, serializeJsonLd } from '#app/domain/seo'
import { invariantResponse } from '#app/lib/http/responses.server'
import type { Route } from './+types/news-article'

export const meta: Route.MetaFunction = ({ loaderData }) => {
  // An unknown slug renders the shared 404 page, which sets its own title.
  if (!loaderData) return []
  const { article, siteUrl, preview } = loaderData
  return [
    ...pageMeta({
      title: article.title,
      description: article.excerpt,
      path: `/news/${article.slug}`,
      siteUrl,
      image: article.image ?? DEFAULT_NEWS_IMAGE,
      type: 'article',
    }),
    ...(preview ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}

// A draft is shown to signed-in staff only, as a preview: never stored by any cache (the page cache
// already skips requests with the staff cookie) and never indexed.
const PREVIEW_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }

export async function loader({ params, request }: Route.LoaderArgs) {
  invariantResponse(SLUG_PATTERN.test(params.slug) && params.slug.length <= 200, 'No article at this address', 404)
  const staff = await findAdminSession(request)
  const found = await findArticle(params.slug, { includeDrafts: staff !== null })
  // The root error boundary shows the same 404 page as any unknown path, with status 404.
  invariantResponse(found, 'No article at this address', 404)
  // A published article that was renamed keeps its old address as a permanent redirect.
  if ('movedTo' in found) throw redirect(`/news/${found.movedTo}`, 301)
  const preview = found.article.status === 'draft'
  return data({ siteUrl: getEnv().SITE_URL, article: found.article, preview }, { headers: preview ? PREVIEW_HEADERS : {} })
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

function newsArticleJsonLd(article: NewsArticleView, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.isoDate,
    image: [`${siteUrl}${article.image ?? DEFAULT_NEWS_IMAGE}`],
    mainEntityOfPage: `${siteUrl}/news/${article.slug}`,
    author: { '@type': 'Organization', name: BUSINESS.name, url: siteUrl },
    publisher: { '@type': 'Organization', name: BUSINESS.name, logo: { '@type': 'ImageObject', url: `${siteUrl}/images/logo.svg` } },
  }
}

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, siteUrl, preview } = loaderData
  return (
    <>
      {preview ? (
        <p
          role="status"
          className="fixed inset-x-0 bottom-0 z-50 bg-amber-400 px-4 py-3 text-center font-semibold text-slate-900 shadow-lg"
        >
          Preview: this article is a draft. Only signed-in staff can see it.{' '}
          <a href={`/admin/content/news/${article.id}`} className="underline">
            Edit it
          </a>
        </p>
      ) : (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(newsArticleJsonLd(article, siteUrl)) }} />
      )}
      {article.layout === 'featured' ? <FeatureArticle article={article} /> : <StandardArticle article={article} />}
    </>
  )
}
