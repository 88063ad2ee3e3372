import { Link } from 'react-router'
import { requireAdmin } from '#app/staff/require-admin.server'
import { StaffHeader } from '#app/components/staff/staff-header'
import { Card } from '#app/components/staff/card'
import { getEnv } from '#app/lib/config/env.server'
import { listContent } from '#app/catalogue/content-editing.server'
import { CONTENT_KINDS, CONTENT_LABELS } from '#app/domain/content-rules'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/content'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Site content',
    description: 'Edit the site.',
    path: '/admin/content',
    siteUrl: loaderData?.siteUrl ?? '',
    noindex: true,
  })

const WHAT: Record<(typeof CONTENT_KINDS)[number], string> = {
  plans: 'Monthly plans: names, prices, features, the most popular one.',
  services: 'The services on the home page.',
  solutions: 'The industry solutions on the home page.',
  testimonials: 'What clients say, shown between About and Contact.',
  news: 'Articles: drafts, publishing, Markdown bodies and hero images.',
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const counts = await Promise.all(CONTENT_KINDS.map(async (kind) => [kind, (await listContent(kind)).length] as const))
  return { siteUrl: getEnv().SITE_URL, counts }
}

export default function ContentIndex({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-5xl">
      <StaffHeader title="Site content" subtitle="Every change shows on the site within two seconds." />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {loaderData.counts.map(([kind, count]) => (
          <li key={kind}>
            <Card
              title={
                <Link to={`/admin/content/${kind}`} className="hover:underline">
                  {CONTENT_LABELS[kind].plural}
                </Link>
              }
              className="h-full"
            >
              <p className="mt-1 text-sm text-slate-600">{WHAT[kind]}</p>
              <p className="mt-2 text-sm text-slate-500">{count} in all</p>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
