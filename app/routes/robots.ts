import { getEnv } from '#app/lib/config/env.server'

// Crawlers may read every public page; the staff area and the JSON API are not for search results.
export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /admin-login',
    'Disallow: /api/',
    '',
    `Sitemap: ${getEnv().SITE_URL}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
