// The catalogue's image rule (SPEC §3). What the pages show of each record is derived from the
// models in catalogue/catalogue.server.ts.

/** SPEC §3: an image path starting with '/' is ours and used as is; otherwise ask the image host for 800×500. */
export function catalogueImageUrl(image: string): string {
  if (image.startsWith('/')) return image
  const separator = image.includes('?') ? '&' : '?'
  return `${image}${separator}w=800&h=500&fit=crop`
}
