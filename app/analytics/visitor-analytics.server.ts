import { Contact } from '#app/enquiries/contact-model.server'
import { Order } from '#app/orders/order-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { Plan } from '#app/catalogue/catalogue-model.server'
import { type AnalyticsRange, fixedPageTitle, RANGE_MS } from '#app/domain/page-views'
import type { VisitorAnalytics } from '#app/domain/access-analytics'
import { readPageViewSpans } from './page-view-days.server'
import { mergePageViews, PAGE_VIEW_BUCKET_MS, pageViewBucketOf } from './page-view-rollup'

export const TOP_VIEWED_PAGES = 10
export const TOP_SOURCES = 10

/**
 * Orders whose first payment went through, whatever happened to them since: paid or past due now,
 * or with a paid invoice. Read through the driver: the statuses and invoices follow Stripe.
 */
const PAID = { $or: [{ status: { $in: ['paid', 'past_due'] } }, { 'invoices.status': 'paid' }] }

/** Page titles for staff: fixed pages by path, articles and plans from the database. */
export async function titlesFor(paths: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>()
  const slugs: string[] = []
  const planIds: number[] = []
  for (const path of paths) {
    const fixed = fixedPageTitle(path)
    if (fixed) titles.set(path, fixed)
    else if (/^\/news\/[^/]+$/.test(path)) slugs.push(path.slice('/news/'.length))
    else if (/^\/checkout\/\d{1,6}$/.test(path)) planIds.push(Number(path.slice('/checkout/'.length)))
  }
  const [articles, plans] = await Promise.all([
    slugs.length ? NewsArticle.find({ slug: { $in: slugs } }, { slug: 1, title: 1 }).lean() : [],
    planIds.length ? Plan.find({ id: { $in: planIds } }, { id: 1, name: 1 }).lean() : [],
  ])
  for (const article of articles) titles.set(`/news/${article.slug}`, article.title)
  for (const plan of plans) titles.set(`/checkout/${plan.id}`, `Checkout: ${plan.name}`)
  return titles
}

/**
 * Visitors over a range (the last 24 hours, 7 or 30 days, up to now) and the same figures for the
 * period just before, from the page-view rollups (folded days, and hours where no whole day
 * fits); conversions are counted where they are stored (enquiries and orders). The range is whole
 * hours, the current one included.
 */
export async function getVisitorAnalytics(range: AnalyticsRange, now = new Date()): Promise<VisitorAnalytics> {
  const length = RANGE_MS[range]
  const currentStart = pageViewBucketOf(now.getTime()) + PAGE_VIEW_BUCKET_MS - length
  const previousStart = currentStart - length
  const spans = await readPageViewSpans(previousStart, currentStart)
  const current = mergePageViews(
    spans.filter((span) => span.start >= currentStart),
    Math.max(TOP_VIEWED_PAGES, TOP_SOURCES),
  )
  const previous = mergePageViews(
    spans.filter((span) => span.start < currentStart),
    0,
  )
  const between = (from: number, to: number) => ({ $gte: new Date(from), $lt: new Date(to) })
  const [enquiries, previousEnquiries, ordersPaid, previousOrdersPaid, titles] = await Promise.all([
    Contact.countDocuments({ createdAt: between(currentStart, now.getTime() + 1) }),
    Contact.countDocuments({ createdAt: between(previousStart, currentStart) }),
    Order.collection.countDocuments({ createdAt: between(currentStart, now.getTime() + 1), ...PAID }),
    Order.collection.countDocuments({ createdAt: between(previousStart, currentStart), ...PAID }),
    titlesFor(current.pages.slice(0, TOP_VIEWED_PAGES).map(([path]) => path)),
  ])
  return {
    range,
    from: new Date(currentStart).toISOString(),
    to: now.toISOString(),
    pageViews: current.pageViews,
    visits: current.visits,
    topPages: current.pages.slice(0, TOP_VIEWED_PAGES).map(([path, views]) => ({ path, title: titles.get(path) ?? path, views })),
    sources: current.sources.slice(0, TOP_SOURCES).map(([source, visits]) => ({ source, visits })),
    devices: current.devices,
    conversions: { enquiries, checkoutsStarted: current.checkoutsStarted, ordersPaid },
    previous: {
      pageViews: previous.pageViews,
      visits: previous.visits,
      conversions: { enquiries: previousEnquiries, checkoutsStarted: previous.checkoutsStarted, ordersPaid: previousOrdersPaid },
    },
  }
}
