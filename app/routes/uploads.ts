import { openUpload } from '#app/catalogue/uploads.server'
import type { Route } from './+types/uploads'

// Images staff uploaded (content/uploads.server.ts). A stored file never changes, so browsers and
// proxies may keep it for a year without asking again.
export async function loader({ params }: Route.LoaderArgs) {
  const upload = await openUpload(params.file)
  if (!upload) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(upload.body, {
    headers: {
      'Content-Type': upload.contentType,
      'Content-Length': String(upload.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
