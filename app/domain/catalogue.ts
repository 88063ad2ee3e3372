// Shapes of the catalogue as the pages and the JSON API see it (SPEC §3), and the image rule.

export type ServiceSummary = { id: number; name: string; description: string; shortDescription: string; image: string; features: string[] }
export type SolutionSummary = { id: number; name: string; description: string; industry: string; image: string; features: string[] }
export type TestimonialSummary = { id: number; name: string; company: string; text: string; rating: number }
export type PlanSummary = { id: number; name: string; description: string; price: number; features: string[]; popular: boolean }

/** SPEC §3: an image path starting with '/' is ours and used as is; otherwise ask the image host for 800×500. */
export function catalogueImageUrl(image: string): string {
  if (image.startsWith('/')) return image
  const separator = image.includes('?') ? '&' : '?'
  return `${image}${separator}w=800&h=500&fit=crop`
}
