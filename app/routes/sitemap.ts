import { getEnv } from '#app/lib/config/env.server'
import { listPublishedNews } from '#app/catalogue/news.server'
import { publicPagePaths } from '#app/catalogue/public-pages'

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export async function loader() {
  const siteUrl = getEnv().SITE_URL
  const articles = (await listPublishedNews()).map((article) => `/news/${article.slug}`)
  const urls = [...publicPagePaths(), ...articles].map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`).join('\n')
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
