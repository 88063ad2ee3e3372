import { FeatureArticle } from '#app/components/news/feature-article'
import { StandardArticle } from '#app/components/news/standard-article'
import { DEFAULT_NEWS_IMAGE } from '#app/components/news-card'
import { getEnv } from '#app/config/env.server'
import { BUSINESS } from '#app/domain/business'
import { findNewsArticle, type NewsArticle } from '#app/content/news'
import { pageMeta, serializeJsonLd } from '#app/domain/seo'
import { invariantResponse } from '#app/http/responses.server'
import type { Route } from './+types/news-article'

export const meta: Route.MetaFunction = ({ loaderData }) => {
  // An unknown slug renders the shared 404 page, which sets its own title.
  if (!loaderData) return []
  const { article, siteUrl } = loaderData
  return pageMeta({
    title: article.title,
    description: article.excerpt,
    path: `/news/${article.slug}`,
    siteUrl,
    image: article.image ?? DEFAULT_NEWS_IMAGE,
    type: 'article',
  })
}

export function loader({ params }: Route.LoaderArgs) {
  const article = findNewsArticle(params.slug)
  // The root error boundary shows the same 404 page as any unknown path, with status 404.
  invariantResponse(article, 'No article at this address', 404)
  return { siteUrl: getEnv().SITE_URL, article }
}

function newsArticleJsonLd(article: NewsArticle, siteUrl: string) {
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
  const { article, siteUrl } = loaderData
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(newsArticleJsonLd(article, siteUrl)) }} />
      {article.layout === 'feature' ? <FeatureArticle article={article} /> : <StandardArticle article={article} />}
    </>
  )
}
