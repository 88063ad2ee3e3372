import type { MetaDescriptor } from 'react-router'
import { BUSINESS } from './business'

export type PageSeo = {
  title: string
  description: string
  /** Path of the page, e.g. '/news/data-fencing'; the canonical link is SITE_URL + path. */
  path: string
  siteUrl: string
  noindex?: boolean
  image?: string
  type?: 'website' | 'article'
}

/**
 * The picture social sites show for a shared link. They ignore SVG, so a page whose own picture is
 * an SVG (the news illustrations) is shared with this 1200×630 PNG (scripts/make-icons.mjs draws it).
 */
export const DEFAULT_SHARE_IMAGE = {
  path: '/images/og-default.png',
  width: 1200,
  height: 630,
  alt: `${BUSINESS.name}: managed IT, cybersecurity and cloud services`,
}

/** Title, description, robots, canonical link and Open Graph tags for one page. */
export function pageMeta({
  title,
  description,
  path,
  siteUrl,
  noindex = false,
  image = DEFAULT_SHARE_IMAGE.path,
  type = 'website',
}: PageSeo): MetaDescriptor[] {
  const url = `${siteUrl}${path}`
  const fullTitle = title.includes(BUSINESS.name) ? title : `${title} | ${BUSINESS.name}`
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { name: 'robots', content: noindex ? 'noindex, nofollow' : 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: BUSINESS.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...shareImageMeta(image, siteUrl),
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

function shareImageMeta(image: string, siteUrl: string): MetaDescriptor[] {
  const absolute = (path: string) => (path.startsWith('/') ? `${siteUrl}${path}` : path)
  if (!/\.svg(\?|$)/i.test(image) && image !== DEFAULT_SHARE_IMAGE.path) return [{ property: 'og:image', content: absolute(image) }]
  return [
    { property: 'og:image', content: absolute(DEFAULT_SHARE_IMAGE.path) },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(DEFAULT_SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(DEFAULT_SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: DEFAULT_SHARE_IMAGE.alt },
  ]
}

/** SPEC: structured business data on every page (Georgia address, weekday hours 08:30-17:30). */
export function businessJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: BUSINESS.name,
    url: siteUrl,
    telephone: BUSINESS.phone.e164,
    email: BUSINESS.email,
    image: `${siteUrl}/images/logo.svg`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.locality,
      addressRegion: BUSINESS.address.region,
      postalCode: BUSINESS.address.postalCode,
      addressCountry: BUSINESS.address.country,
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: BUSINESS.hours.days,
        opens: BUSINESS.hours.opens,
        closes: BUSINESS.hours.closes,
      },
    ],
    areaServed: 'Metro Atlanta, Georgia',
  }
}

/** JSON for a <script type="application/ld+json">, safe against '</script>' in any string. */
export function serializeJsonLd(data: unknown) {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
