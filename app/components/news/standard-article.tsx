import { Link } from 'react-router'
import { DEFAULT_NEWS_IMAGE } from '#app/components/news-card'
import { SectionLink } from '#app/components/section-link'
import { buttonClasses } from '#app/components/ui/button'
import type { NewsArticleView } from '#app/catalogue/news-view'
import { ArticleBody } from './article-body'

/** SPEC §2 shared article layout: hero image (or the default logo image), date, title, body, links. */
export function StandardArticle({ article, inPreview = false }: { article: NewsArticleView; inPreview?: boolean }) {
  const Frame = inPreview ? 'div' : 'main'
  return (
    <Frame id={inPreview ? undefined : 'main'} className={`bg-white pb-20 ${inPreview ? 'pt-8' : 'pt-28'}`}>
      <article className="mx-auto max-w-3xl px-4">
        <Link to="/news" className="text-sm font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">← </span>Back to News
        </Link>
        <img
          src={article.image ?? DEFAULT_NEWS_IMAGE}
          alt=""
          width={article.imageWidth}
          height={article.imageHeight}
          fetchPriority="high"
          className="mt-6 aspect-[8/5] w-full rounded-2xl bg-slate-100 object-cover"
        />
        <time dateTime={article.isoDate} className="mt-8 block text-sm font-medium text-slate-600">
          {article.date}
        </time>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-navy sm:text-4xl">{article.title}</h1>
        <div className="mt-8">
          <ArticleBody html={article.bodyHtml} />
        </div>
        <div className="mt-12 flex flex-wrap gap-4 border-t border-slate-200 pt-8">
          <Link to="/news" className={buttonClasses('outline')}>
            Back to News
          </Link>
          <SectionLink section="contact" className={buttonClasses('primary')}>
            Contact Us
          </SectionLink>
        </div>
      </article>
    </Frame>
  )
}
