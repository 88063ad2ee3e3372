import type { NewsLayout, NewsStatus } from '#app/domain/content-rules'

// What the news pages show of an article (content/news.server.ts reads it from the database). The
// body arrives as HTML rendered on the server, so no Markdown library reaches the browser.

export type NewsArticleView = {
  id: number
  slug: string
  title: string
  /** Display text, e.g. 'June 3, 2025'. */
  date: string
  /** ISO date, e.g. '2025-06-03'. */
  isoDate: string
  excerpt: string
  /** An illustration or an upload, or null for the default image. */
  image: string | null
  imageWidth: number
  imageHeight: number
  layout: NewsLayout
  status: NewsStatus
  bodyHtml: string
}

/** What a card needs; bodies stay on the server so the home page stays light. */
export type NewsCardData = Pick<NewsArticleView, 'slug' | 'title' | 'date' | 'isoDate' | 'excerpt' | 'image' | 'imageWidth' | 'imageHeight'>

/** The home page shows the nine newest published articles. */
export const HOME_NEWS_COUNT = 9
