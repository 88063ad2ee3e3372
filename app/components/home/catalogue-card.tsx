import { SectionLink } from '#app/components/section-link'
import { catalogueImageUrl } from '#app/domain/catalogue'

/** A service's or solution's picture at the top of its card: below the fold, so loaded lazily. */
export function CatalogueCardImage({ image }: { image: string }) {
  return (
    <img
      src={catalogueImageUrl(image)}
      alt=""
      width={800}
      height={500}
      loading="lazy"
      decoding="async"
      className="aspect-[8/5] w-full bg-slate-100 object-cover"
    />
  )
}

/** A card's 'Learn more' link to a home page section; screen readers hear what it is about. */
export function LearnMoreLink({ section, about, className }: { section: string; about: string; className: string }) {
  return (
    <SectionLink
      section={section}
      className={`${className} inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline`}
    >
      Learn more<span className="sr-only"> about {about}</span>
      <span aria-hidden="true">→</span>
    </SectionLink>
  )
}
