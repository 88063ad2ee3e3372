import { LegalDocumentPage } from '#app/components/legal-document-page'
import { getEnv } from '#app/lib/config/env.server'
import { privacyPolicy } from '#app/catalogue/legal'
import { pageMeta } from '#app/domain/seo'
import type { Route } from './+types/privacy-policy'

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.document.title,
        description: loaderData.document.description,
        path: '/privacy-policy',
        siteUrl: loaderData.siteUrl,
      })
    : []

// The text travels as loader data, so it is in the first HTML and not in a JavaScript chunk.
export function loader() {
  return { siteUrl: getEnv().SITE_URL, document: privacyPolicy }
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage document={loaderData.document} />
}
