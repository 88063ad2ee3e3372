import { data, Form, redirect } from 'react-router'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { receiveChatMessage } from '#app/chat/receive-chat.server'
import { redeemResumeToken } from '#app/chat/resume-token.server'
import { chatVisitor, chatVisitorCookie } from '#app/chat/visitor-cookie.server'
import { visitorChat } from '#app/chat/visitor-chat.server'
import { ChatBubble } from '#app/components/chat/chat-bubble'
import { useLiveRevalidation } from '#app/components/chat/use-live-revalidation'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { CONTROL_CLASS } from '#app/components/ui/field'
import { CHAT_LIMITS, CHAT_TEXTS, validateChatContact, WELCOME_MESSAGE } from '#app/domain/chat'
import { chatRequestSchema } from '#app/domain/chat-request'
import { fieldErrors } from '#app/domain/zod'
import { pageMeta } from '#app/domain/seo'
import { availabilityText } from '#app/domain/support-hours'
import { CHAT_RATE_LIMIT } from '#app/chat/limits.server'
import { RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { getEnv } from '#app/lib/config/env.server'
import type { Route } from './+types/chat'

// /chat: the support chat as a page, for browsers without JavaScript (the chat button leads here)
// and for the link in a reply e-mail. The transcript and a form; replies appear on reload. With
// JavaScript the page also follows the conversation's events and reloads its data when one comes.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: 'Support chat',
    description: 'Write to our support team; we answer here and by e-mail.',
    path: '/chat',
    siteUrl: loaderData?.siteUrl ?? '',
  }),
  { name: 'robots', content: 'noindex' },
]

// A visitor's transcript: no shared or browser cache may keep the page.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export async function loader({ request }: Route.LoaderArgs) {
  const resume = new URL(request.url).searchParams.get('resume')
  const chat = await visitorChat(request)
  return data(
    { siteUrl: getEnv().SITE_URL, chat, resume: resume && /^[A-Za-z0-9_-]{20,100}$/.test(resume) ? resume : null },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

type FormErrors = Partial<Record<'message' | 'name' | 'email' | 'form', string>>

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const form = await readFormWithLimit(request, BODY_LIMITS.enquiry)
  if (form.get('intent') === 'resume') {
    const visitorId = await redeemResumeToken(String(form.get('token') ?? ''))
    if (!visitorId)
      return data(
        {
          errors: { form: 'This link has been used already or has expired. Write to us below and we will answer here.' } as FormErrors,
          values: {},
        },
        { status: 410 },
      )
    return redirect('/chat', { status: 303, headers: { 'Set-Cookie': await chatVisitorCookie(visitorId) } })
  }

  const values = {
    message: String(form.get('message') ?? ''),
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
  }
  const current = await visitorChat(request)
  const errors: FormErrors = {}
  // SPEC §5: the first message asks for name and e-mail, so the team can answer.
  if (!current.contactKnown) Object.assign(errors, validateChatContact(values))
  const parsed = chatRequestSchema.safeParse({
    message: values.message,
    ...(current.contactKnown ? {} : { name: values.name, email: values.email }),
    page: '/chat',
  })
  if (!parsed.success) {
    const byField = fieldErrors(parsed.error)
    for (const field of ['message', 'name', 'email'] as const) errors[field] ??= byField[field]?.[0]
  }
  if (!parsed.success || Object.values(errors).some(Boolean)) return data({ errors, values }, { status: 400 })

  const limit = await hitRateLimit(CHAT_RATE_LIMIT, requestInfo(context).clientIp)
  if (!limit.allowed)
    return data(
      { errors: { form: RATE_LIMITED_MESSAGE } as FormErrors, values },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  const { visitorId, setCookie } = await chatVisitor(request)
  await receiveChatMessage(visitorId, parsed.data)
  return redirect('/chat#latest', { status: 303, headers: setCookie ? { 'Set-Cookie': setCookie } : undefined })
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chat, resume } = loaderData
  const errors: FormErrors = actionData?.errors ?? {}
  const values: Partial<Record<string, string>> = actionData?.values ?? {}
  const sending = useIsPending()
  useLiveRevalidation(chat.conversationId ? `/api/chat/events?after=${chat.lastEventId}&page=/chat` : null)

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-28 pb-16">
      <h1 className="text-3xl font-bold text-slate-900">{CHAT_TEXTS.title}</h1>
      <p className="mt-2 text-slate-600" data-testid="availability">
        {availabilityText(chat)}
      </p>

      {resume ? (
        <Form method="post" className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <input type="hidden" name="intent" value="resume" />
          <input type="hidden" name="token" value={resume} />
          <p className="text-sm text-slate-700">Continue the conversation from our e-mail in this browser.</p>
          <button type="submit" className={buttonClasses('primary', 'mt-3')}>
            Continue the conversation
          </button>
        </Form>
      ) : null}
      {errors.form ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}

      <div role="log" aria-label="Chat messages" className="mt-6 space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <ChatBubble message={WELCOME_MESSAGE} />
        {chat.messages.map((message) => (
          <ChatBubble key={message.id} message={message} />
        ))}
        <span id="latest" />
      </div>

      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value="send" />
        {chat.contactKnown ? null : (
          <>
            <p className="text-sm text-slate-600">{CHAT_TEXTS.dialogDescription}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="name"
                label="Name"
                autoComplete="name"
                maxLength={CHAT_LIMITS.name}
                value={values.name}
                error={errors.name}
              />
              <TextField
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                maxLength={CHAT_LIMITS.email}
                value={values.email}
                error={errors.email}
              />
            </div>
          </>
        )}
        <div>
          <label htmlFor="chat-message" className="block text-sm font-medium text-slate-700">
            Your message
          </label>
          <textarea
            id="chat-message"
            name="message"
            rows={4}
            maxLength={CHAT_LIMITS.message}
            defaultValue={values.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'chat-message-error' : undefined}
            className={CONTROL_CLASS}
          />
          {errors.message ? (
            <p id="chat-message-error" className="mt-1 text-sm text-red-700">
              {errors.message}
            </p>
          ) : null}
        </div>
        <StatusButton pending={sending} pendingText="Sending...">
          Send
        </StatusButton>
      </Form>
    </main>
  )
}

function TextField(props: {
  name: string
  label: string
  type?: string
  autoComplete: string
  maxLength: number
  value?: string
  error?: string
}) {
  const id = `chat-${props.name}`
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className={CONTROL_CLASS}
      />
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
