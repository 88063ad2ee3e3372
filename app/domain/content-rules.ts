// The rules staff edits of the site's content follow, shared by the staff forms and the
// JSON API: one zod schema per kind of record, written in the API's field names. Forms send text,
// so formInput() turns a form's fields into the same shape first; every message is written for a
// person reading it beside the field.
import { dollarsToCents } from './pricing'
import { z } from './zod'

export const CONTENT_KINDS = ['plans', 'services', 'solutions', 'testimonials', 'news'] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]

export function isContentKind(value: unknown): value is ContentKind {
  return typeof value === 'string' && (CONTENT_KINDS as readonly string[]).includes(value)
}

/** What staff pages call each kind: the list's title and one record's name. */
export const CONTENT_LABELS: Record<ContentKind, { plural: string; singular: string }> = {
  plans: { plural: 'Plans', singular: 'plan' },
  services: { plural: 'Services', singular: 'service' },
  solutions: { plural: 'Solutions', singular: 'solution' },
  testimonials: { plural: 'Testimonials', singular: 'testimonial' },
  news: { plural: 'News articles', singular: 'news article' },
}

export const NEWS_STATUSES = ['draft', 'published'] as const
export const NEWS_LAYOUTS = ['standard', 'featured'] as const
export type NewsStatus = (typeof NEWS_STATUSES)[number]
export type NewsLayout = (typeof NEWS_LAYOUTS)[number]

/** A slug: lower-case words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const MAX_SLUG_LENGTH = 80

/** Images staff may choose: the site's own illustrations, or a stored upload. */
export const ILLUSTRATION_PATTERN = /^\/images\/(?:services|solutions|news)\/[a-z0-9-]+\.svg$/
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[0-9a-f]{24}\.(?:png|jpg|webp)$/

export const MAX_FEATURES = 20
/** Uploads: PNG, JPEG or WebP of at most 2 MB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
export const MAX_BODY_CHARACTERS = 50_000
/** The most a plan may cost per month, in cents: a typo guard ($100,000). */
export const MAX_PLAN_CENTS = 10_000_000

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

const features = z
  .array(z.string().trim().min(1).max(200, 'Each feature must be at most 200 characters'), { error: 'Features must be a list of lines' })
  .min(1, 'List at least one feature, one per line')
  .max(MAX_FEATURES, `List at most ${MAX_FEATURES} features`)

const image = z
  .string({ error: 'Choose an image' })
  .trim()
  .refine(
    (value) => ILLUSTRATION_PATTERN.test(value) || UPLOAD_PATH_PATTERN.test(value),
    'Choose one of the illustrations or upload an image',
  )

/** A price in dollars as a number, with whole cents. */
const dollars = (label: string, { positive }: { positive: boolean }) =>
  z
    .number({ error: `${label} must be a number of dollars, such as 599 or 599.99` })
    .refine((value) => Number.isFinite(value) && Math.abs(dollarsToCents(value) - value * 100) < 1e-6, `${label} must be in whole cents`)
    .refine((value) => (positive ? value > 0 : value >= 0), positive ? `${label} must be more than $0` : `${label} cannot be negative`)
    .refine((value) => dollarsToCents(value) <= MAX_PLAN_CENTS, `${label} must be at most $100,000`)

const isoDate = z
  .string({ error: 'Date is required' })
  .trim()
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
    const parsed = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)
  }, 'Date must be a real date, written YYYY-MM-DD')

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` })

export const contentSchemas = {
  plans: z.object({
    name: text('Name', 60),
    description: text('Description', 300),
    price: dollars('Price', { positive: true }),
    features,
    popular: flag('Popular'),
    hidden: flag('Hidden'),
  }),
  services: z.object({
    name: text('Name', 80),
    shortDescription: text('Short description', 200),
    description: text('Description', 1000),
    price: dollars('Price', { positive: false }),
    priceType: text('Price period', 20),
    image,
    features,
    hidden: flag('Hidden'),
  }),
  solutions: z.object({
    name: text('Name', 80),
    industry: text('Industry', 60),
    description: text('Description', 1000),
    image,
    features,
    hidden: flag('Hidden'),
  }),
  testimonials: z.object({
    name: text('Name', 80),
    company: text('Company', 120),
    text: text('Text', 1000),
    rating: z
      .number({ error: 'Rating must be a whole number from 1 to 5' })
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be a whole number from 1 to 5')
      .max(5, 'Rating must be a whole number from 1 to 5'),
    shown: flag('Shown'),
  }),
  news: z.object({
    title: text('Title', 150),
    slug: z
      .string({ error: 'Slug is required' })
      .trim()
      .min(1, 'Slug is required')
      .max(MAX_SLUG_LENGTH, `Slug must be at most ${MAX_SLUG_LENGTH} characters`)
      .regex(SLUG_PATTERN, 'Slug may use lower-case letters, digits and single hyphens, such as windows-11-upgrade'),
    date: isoDate,
    excerpt: text('Excerpt', 300),
    body: text('Body', MAX_BODY_CHARACTERS),
    image: image.nullable(),
    status: z.enum(NEWS_STATUSES, { error: 'Status must be draft or published' }),
    layout: z.enum(NEWS_LAYOUTS, { error: 'Layout must be standard or featured' }),
  }),
} as const

export type ContentInput<Kind extends ContentKind> = z.output<(typeof contentSchemas)[Kind]>

/** A record as the API and staff pages show it: its fields, `id`, and the `version` a save must name. */
export type ContentRecord<Kind extends ContentKind> = ContentInput<Kind> & { id: number; version: number }

/** Each kind's fields in form order, with how the form shows them. */
export type FieldKind = 'text' | 'textarea' | 'markdown' | 'lines' | 'dollars' | 'rating' | 'checkbox' | 'date' | 'select' | 'image'
export type FieldSpec = {
  name: string
  label: string
  kind: FieldKind
  options?: readonly string[]
  /** What a select shows for each stored value, in plain words. */
  optionLabels?: Record<string, string>
  hint?: string
}

export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = { draft: 'Draft (only staff can see it)', published: 'Published' }
export const NEWS_LAYOUT_LABELS: Record<NewsLayout, string> = { standard: 'Standard', featured: 'Featured (wide banner)' }

export const CONTENT_FIELDS: Record<ContentKind, FieldSpec[]> = {
  plans: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    {
      name: 'price',
      label: 'Monthly price (USD)',
      kind: 'dollars',
      hint: 'A new price applies to new purchases; running subscriptions keep theirs.',
    },
    { name: 'features', label: 'Features', kind: 'lines', hint: 'One per line.' },
    { name: 'popular', label: 'Most popular (only one plan can be)', kind: 'checkbox' },
    { name: 'hidden', label: 'Hidden from the site and checkout', kind: 'checkbox' },
  ],
  services: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'shortDescription', label: 'Short description', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'price', label: 'Price from (USD)', kind: 'dollars' },
    { name: 'priceType', label: 'Price period', kind: 'text', hint: 'Usually month.' },
    { name: 'image', label: 'Image', kind: 'image' },
    { name: 'features', label: 'Features', kind: 'lines', hint: 'One per line.' },
    { name: 'hidden', label: 'Hidden from the site', kind: 'checkbox' },
  ],
  solutions: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'industry', label: 'Industry', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'image', label: 'Image', kind: 'image' },
    { name: 'features', label: 'Features', kind: 'lines', hint: 'One per line.' },
    { name: 'hidden', label: 'Hidden from the site', kind: 'checkbox' },
  ],
  testimonials: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'company', label: 'Company', kind: 'text' },
    { name: 'text', label: 'Text', kind: 'textarea' },
    { name: 'rating', label: 'Rating (1 to 5)', kind: 'rating' },
    { name: 'shown', label: 'Shown on the home page', kind: 'checkbox' },
  ],
  news: [
    { name: 'title', label: 'Title', kind: 'text' },
    {
      name: 'slug',
      label: 'Slug (the address: /news/slug)',
      kind: 'text',
      hint: 'Left empty, it is made from the title. Changing it once published leaves a permanent redirect from the old address.',
    },
    { name: 'date', label: 'Date', kind: 'date' },
    { name: 'excerpt', label: 'Excerpt', kind: 'textarea' },
    {
      name: 'body',
      label: 'Body (Markdown)',
      kind: 'markdown',
      hint: '## for headings, - for lists, [words](/path) for links. HTML is shown as text.',
    },
    { name: 'image', label: 'Hero image', kind: 'image' },
    { name: 'status', label: 'Status', kind: 'select', options: NEWS_STATUSES, optionLabels: NEWS_STATUS_LABELS },
    { name: 'layout', label: 'Layout', kind: 'select', options: NEWS_LAYOUTS, optionLabels: NEWS_LAYOUT_LABELS },
  ],
}

/** Form text → the API's shape, so one schema checks both. Unknown names are ignored. */
export function formInput(kind: ContentKind, read: (name: string) => string | null): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const field of CONTENT_FIELDS[kind]) {
    const raw = read(field.name)
    switch (field.kind) {
      case 'checkbox':
        input[field.name] = raw === 'on' || raw === 'true'
        break
      case 'lines':
        input[field.name] = (raw ?? '')
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
        break
      case 'dollars':
        input[field.name] = parseDollars(raw)
        break
      case 'rating':
        input[field.name] = raw && /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN
        break
      case 'image':
        input[field.name] = raw ? raw : kind === 'news' ? null : undefined
        break
      default:
        input[field.name] = raw ?? undefined
    }
  }
  return input
}

/** '1,299.50' or '$599' → dollars; anything else → NaN, which the schema explains. */
export function parseDollars(raw: string | null): number {
  const cleaned = (raw ?? '').trim().replace(/^\$/, '').replaceAll(',', '')
  return /^\d{1,9}(?:\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

/** The slug a title suggests: 'Windows 11: What Now?' → 'windows-11-what-now'. */
export function slugFromTitle(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      // After the line above no two dashes are adjacent, so one dash is all there is to trim.
      .replace(/^-|-$/g, '')
      .slice(0, MAX_SLUG_LENGTH)
      .replace(/-$/, '')
  )
}

/** 'June 3, 2025' for '2025-06-03', whatever the reader's time zone. */
export function formatArticleDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })
}

/** The readable refusal of a save whose version is not the record's any more. */
export function conflictMessage(singular: string) {
  return `Someone else saved this ${singular} while you were editing it, so your changes were not saved. Nothing was overwritten.`
}

/** How each kind says whether visitors see a record, and the change that flips it. */
export function contentVisibility(kind: ContentKind, record: Record<string, unknown>) {
  if (kind === 'news') {
    const published = record.status === 'published'
    return {
      shown: published,
      label: published ? 'Published' : 'Draft',
      flip: { status: published ? 'draft' : 'published' },
      action: published ? 'Unpublish' : 'Publish',
    }
  }
  if (kind === 'testimonials') {
    const shown = record.shown === true
    return { shown, label: shown ? 'Shown' : 'Hidden', flip: { shown: !shown }, action: shown ? 'Hide' : 'Show' }
  }
  const shown = record.hidden !== true
  return { shown, label: shown ? 'Shown' : 'Hidden', flip: { hidden: shown }, action: shown ? 'Hide' : 'Show' }
}
