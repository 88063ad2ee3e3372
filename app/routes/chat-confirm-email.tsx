import { data, Form, Link } from 'react-router'
import { AuthCard } from '#app/components/auth-card'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { Warning } from '#app/components/ui/warning'
import { BUSINESS } from '#app/domain/business'
import { pageMeta } from '#app/domain/seo'
import { type ConfirmLinkCheck, checkConfirmLink, confirmChatEmail, confirmLinkPath } from '#app/chat/email-confirmation.server'
import { getEnv } from '#app/lib/config/env.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import type { Route } from './+types/chat-confirm-email'

// The link from the chat's confirmation e-mail. Following it changes nothing (mail scanners follow
// links): the page offers one button, whose POST confirms the address.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Confirm your e-mail address',
    description: 'Confirm the address you gave in our support chat.',
    path: '/chat/confirm-email',
    siteUrl: loaderData?.siteUrl ?? '',
  }),
  { name: 'robots', content: 'noindex' },
]

// No Referrer-Policy of its own: with `no-referrer` a browser sends `Origin: null` with the button's
// POST, which the same-origin check refuses; the site's policy already sends other sites no path.
const NO_STORE = { 'Cache-Control': 'no-store' }

export const headers: Route.HeadersFunction = () => NO_STORE

type Refused = Exclude<ConfirmLinkCheck, { valid: true }>['reason'] | 'gone' | 'changed'

export const CONFIRM_LINK_MESSAGES: Record<Refused, string> = {
  malformed: 'This link is incomplete. Copy the whole link from the e-mail.',
  tampered: 'This link is not valid. Copy the whole link from the e-mail, or give your address in the chat again.',
  expired: 'This link has expired. Give your address in the chat again and we will send a new one.',
  gone: 'This conversation no longer exists. Write to us in the chat and we will answer there.',
  changed: 'This link was for an address the conversation no longer uses. Use the link in the newest e-mail.',
}

const STATUS: Record<Refused, number> = { malformed: 400, tampered: 400, expired: 410, gone: 404, changed: 410 }

export function loader({ request }: Route.LoaderArgs) {
  const siteUrl = getEnv().SITE_URL
  const link = checkConfirmLink(new URL(request.url).searchParams)
  if (!link.valid)
    return data({ siteUrl, problem: CONFIRM_LINK_MESSAGES[link.reason], action: null }, { status: STATUS[link.reason], headers: NO_STORE })
  return data({ siteUrl, problem: null, action: confirmLinkPath(link) }, { headers: NO_STORE })
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  await readFormWithLimit(request, BODY_LIMITS.chatConfirmEmail)
  const link = checkConfirmLink(new URL(request.url).searchParams)
  if (!link.valid)
    return data({ problem: CONFIRM_LINK_MESSAGES[link.reason], confirmed: false }, { status: STATUS[link.reason], headers: NO_STORE })
  const outcome = await confirmChatEmail(link)
  if (outcome.kind !== 'confirmed')
    return data({ problem: CONFIRM_LINK_MESSAGES[outcome.kind], confirmed: false }, { status: STATUS[outcome.kind], headers: NO_STORE })
  return data({ problem: null, confirmed: true }, { headers: NO_STORE })
}

export default function ConfirmChatEmail({ loaderData, actionData }: Route.ComponentProps) {
  const confirming = useIsPending()
  const problem = actionData?.problem ?? loaderData.problem
  if (actionData?.confirmed) {
    return (
      <AuthCard title="Address confirmed">
        <p role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          Thank you. Replies you miss in the chat will now also be e-mailed to you.
        </p>
        <p className="mt-6 text-sm text-slate-600">
          <Link className="font-medium text-brand-700 underline" to="/chat">
            Go to the chat
          </Link>
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Confirm your e-mail address">
      {problem ? <Warning className="mt-4">{problem}</Warning> : null}
      {loaderData.action ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Confirm that this is your address, and replies you miss in our support chat will also be e-mailed to you.
          </p>
          <Form method="post" action={loaderData.action} className="mt-6">
            <StatusButton pending={confirming} pendingText="Confirming..." className="w-full">
              Confirm my e-mail address
            </StatusButton>
          </Form>
        </>
      ) : null}
      <p className="mt-6 text-sm text-slate-600">
        Questions? Call us at{' '}
        <a className="font-medium text-brand-700 underline" href={BUSINESS.phone.href}>
          {BUSINESS.phone.display}
        </a>
        .
      </p>
    </AuthCard>
  )
}
