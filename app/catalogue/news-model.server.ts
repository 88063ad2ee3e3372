import { Schema } from 'mongoose'
import { defineModel } from '#app/lib/db/define-model.server'
import { NEWS_LAYOUTS, NEWS_STATUSES } from '#app/domain/content-rules'

/**
 * A news article, kept in the database so staff can edit it. The body is
 * Markdown, rendered on the server (content/markdown.server.ts). Once published, a changed slug
 * leaves the old one in `previousSlugs`, which /news/:slug answers with a 301 to the current one.
 */
const newsArticleSchema = new Schema({
  /** A small stable integer, like the catalogue's ids: the API's `id`. */
  id: { type: Number, required: true, unique: true, min: 1 },
  slug: { type: String, required: true, unique: true, trim: true },
  previousSlugs: { type: [String], default: [] },
  title: { type: String, required: true, trim: true },
  /** The date shown, 'YYYY-MM-DD'. */
  date: { type: String, required: true },
  excerpt: { type: String, required: true, trim: true },
  body: { type: String, required: true },
  /** '/images/news/…svg' or '/uploads/…'; none: the default image. */
  image: { type: String, default: null },
  imageWidth: { type: Number },
  imageHeight: { type: Number },
  status: { type: String, required: true, enum: NEWS_STATUSES, default: 'draft' },
  layout: { type: String, required: true, enum: NEWS_LAYOUTS, default: 'standard' },
  /** When it was first published: a slug changed after that leaves a redirect. */
  publishedAt: { type: Date },
  version: { type: Number, required: true, default: 0 },
  updatedAt: { type: Date },
  updatedBy: { type: String },
  /** Set by Delete: the article leaves the site at once and is purged 30 days later unless restored. */
  deletedAt: { type: Date },
  deletedBy: { type: String },
})
newsArticleSchema.index({ previousSlugs: 1 })
newsArticleSchema.index({ status: 1, date: -1 })

export const NewsArticle = defineModel('NewsArticle', newsArticleSchema)
