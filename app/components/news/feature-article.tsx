import { Link } from 'react-router'
import { SectionLink } from '#app/components/section-link'
import { buttonClasses } from '#app/components/ui/button'
import type { NewsArticleView } from '#app/catalogue/news-view'
import { ArticleBody } from './article-body'

/** The featured layout (SPEC §2's tech-trends article; staff may choose it for any): a wide banner and a 'Get Started Today' call; `inPreview` as in StandardArticle. */
export function FeatureArticle({ article, inPreview = false }: { article: NewsArticleView; inPreview?: boolean }) {
  const Frame = inPreview ? 'div' : 'main'
  return (
    <Frame id={inPreview ? undefined : 'main'} className={`bg-white pb-20 ${inPreview ? 'pt-8' : 'pt-20'}`}>
      <article>
        {/* Starts below the fixed header, which is transparent with dark links at the top. */}
        <header className="bg-navy py-16 text-white">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 lg:grid-cols-2">
            <div>
              <Link to="/news" className="text-sm font-semibold text-brand-100 hover:underline">
                <span aria-hidden="true">← </span>Back to News
              </Link>
              <p className="mt-6 text-sm font-semibold tracking-wider text-amber-300 uppercase">Feature · {article.date}</p>
              <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{article.title}</h1>
              <p className="mt-6 text-lg text-slate-200">{article.excerpt}</p>
              <time dateTime={article.isoDate} className="sr-only">
                {article.date}
              </time>
            </div>
            {article.image ? (
              <img
                src={article.image}
                alt=""
                width={article.imageWidth}
                height={article.imageHeight}
                fetchPriority="high"
                className="aspect-[8/5] w-full rounded-2xl bg-white/10 object-cover shadow-2xl"
              />
            ) : null}
          </div>
        </header>
        <div className="mx-auto mt-14 max-w-3xl px-4">
          <ArticleBody html={article.bodyHtml} />
          <aside aria-labelledby="trends-cta" className="mt-14 rounded-2xl bg-brand-50 p-8 text-center">
            <h2 id="trends-cta" className="text-2xl font-bold text-navy">
              Ready to plan your technology roadmap?
            </h2>
            <p className="mt-3 text-slate-700">
              Our team will review your current setup and prioritise what matters most for your business.
            </p>
            <SectionLink section="contact" className={buttonClasses('primary', 'mt-6 px-8')}>
              Get Started Today
            </SectionLink>
          </aside>
        </div>
      </article>
    </Frame>
  )
}
