import { cached } from '#app/catalogue/catalogue.server'
import { formatArticleDate, type NewsLayout, type NewsStatus } from '#app/domain/content-rules'
import { NOT_DELETED } from '#app/catalogue/catalogue-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { ILLUSTRATION_SIZE } from './illustrations'
import { renderMarkdown } from './markdown.server'
import type { NewsArticleView, NewsCardData } from './news-view'

// The public side of the news: published articles for /news, the home page, /resources and the
// sitemap (cached per instance like the catalogue, emptied by every content change), and one
// article by its address, drafts only for staff.

type StoredArticle = {
  id: number
  slug: string
  title: string
  date: string
  excerpt: string
  body: string
  image?: string | null
  imageWidth?: number
  imageHeight?: number
  layout: NewsLayout
  status: NewsStatus
}

const CARD_FIELDS = { _id: 0, id: 1, slug: 1, title: 1, date: 1, excerpt: 1, image: 1, imageWidth: 1, imageHeight: 1 } as const

function toCard(article: Omit<StoredArticle, 'body' | 'layout' | 'status'>): NewsCardData {
  return {
    slug: article.slug,
    title: article.title,
    date: formatArticleDate(article.date),
    isoDate: article.date,
    excerpt: article.excerpt,
    image: article.image ?? null,
    imageWidth: article.image ? (article.imageWidth ?? ILLUSTRATION_SIZE.width) : ILLUSTRATION_SIZE.width,
    imageHeight: article.image ? (article.imageHeight ?? ILLUSTRATION_SIZE.height) : ILLUSTRATION_SIZE.height,
  }
}

/** Every published article, newest first. */
export function listPublishedNews(): Promise<NewsCardData[]> {
  return cached('news', async () => {
    const articles = await NewsArticle.find({ status: 'published', ...NOT_DELETED }, CARD_FIELDS)
      .sort({ date: -1, id: -1 })
      .lean<Omit<StoredArticle, 'body' | 'layout' | 'status'>[]>()
      .exec()
    return articles.map(toCard)
  })
}

export type ArticleLookup = { article: NewsArticleView } | { movedTo: string } | null

/**
 * The article at /news/:slug: drafts only when `includeDrafts` (a staff member previewing), a slug
 * it had before it was renamed as `movedTo` (the page answers 301), or null.
 */
export async function findArticle(slug: string, { includeDrafts }: { includeDrafts: boolean }): Promise<ArticleLookup> {
  // A deleted article is gone for everyone, staff previews included, until it is restored.
  const visible = includeDrafts ? NOT_DELETED : { status: 'published' as const, ...NOT_DELETED }
  const article = await NewsArticle.findOne({ slug, ...visible })
    .lean<StoredArticle>()
    .exec()
  if (article)
    return {
      article: {
        ...toCard(article),
        id: article.id,
        layout: article.layout,
        status: article.status,
        bodyHtml: renderMarkdown(article.body),
      },
    }
  const renamed = await NewsArticle.findOne({ previousSlugs: slug, ...visible }, { slug: 1 })
    .lean<{ slug: string }>()
    .exec()
  return renamed ? { movedTo: renamed.slug } : null
}
