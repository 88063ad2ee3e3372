import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import { assertSameOrigin } from '#app/lib/http/same-origin.server'
import { type ChatFormFields, chatFormSchema, FROM_WIDGET } from '#app/chat/chat-form'
import { receiveChatMessage } from '#app/chat/receive-chat.server'
import { redeemResumeToken } from '#app/chat/resume-token.server'
import { chatVisitor, chatVisitorCookie } from '#app/chat/visitor-cookie.server'
import { visitorChat } from '#app/chat/visitor-chat.server'
import { ChatBubble } from '#app/components/chat/chat-bubble'
import { ChatContactFields } from '#app/components/chat/contact-fields'
import { useLiveRevalidation } from '#app/components/chat/use-live-revalidation'
import { buttonClasses, StatusButton } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { FormError } from '#app/components/ui/form-error'
import { showToast } from '#app/components/ui/toaster'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { getEnv } from '#app/lib/config/env.server'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { CHAT_LIMITS, CHAT_TEXTS, emailConfirmationText, WELCOME_MESSAGE } from '#app/domain/chat'
import { pageMeta } from '#app/domain/seo'
import { availabilityText } from '#app/domain/support-hours'
import { CHAT_RATE_LIMIT } from '#app/chat/limits.server'
import { RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/failure-messages'
import { requestInfo } from '#app/lib/http/request-context'
import { readFormWithLimit } from '#app/lib/http/request-body.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import type { Route } from './+types/chat'

// /chat: the support chat. As a page it is the chat without JavaScript (the chat button leads here)
// and the link in a reply e-mail; the widget on every other page reads its loader and posts to its
// action through fetchers, so both validate with one schema and store through one path.

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

/**
 * A database outage answers 503, the page's "temporarily unavailable" screen; the widget's data
 * requests get the same status (the error handler sets it for documents only).
 */
async function unlessDatabaseAway<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(DATABASE_UNAVAILABLE_MESSAGE, { status: 503, headers: { 'Retry-After': '10' } })
    throw error
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const resume = new URL(request.url).searchParams.get('resume')
  const chat = await unlessDatabaseAway(() => visitorChat(request))
  return data(
    { siteUrl: getEnv().SITE_URL, chat, resume: resume && /^[A-Za-z0-9_-]{20,100}$/.test(resume) ? resume : null },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** The widget's transcript read: a failed one keeps what the panel shows instead of the error page. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (new URL(request.url).searchParams.get('from') !== FROM_WIDGET) return serverLoader()
  try {
    return await serverLoader()
  } catch {
    return null
  }
}

export function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  return unlessDatabaseAway(() => receive(request, context))
}

async function receive(request: Request, context: Route.ActionArgs['context']) {
  const form = await readFormWithLimit(request, BODY_LIMITS.enquiry)
  if (form.get('intent') === 'resume') {
    const visitorId = await redeemResumeToken(String(form.get('token') ?? ''))
    if (!visitorId)
      return data(
        { formError: 'This link has been used already or has expired. Write to us below and we will answer here.' },
        { status: 410 },
      )
    return redirect('/chat', { status: 303, headers: { 'Set-Cookie': await chatVisitorCookie(visitorId) } })
  }

  const { contactKnown } = await visitorChat(request)
  const submission = parseWithZod(form, { schema: chatFormSchema({ contactKnown }) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const limit = await hitRateLimit(CHAT_RATE_LIMIT, requestInfo(context).clientIp)
  if (!limit.allowed)
    return data(
      { result: submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] }) },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  const { visitorId, setCookie } = await chatVisitor(request)
  const { response } = await receiveChatMessage(visitorId, { ...submission.value, page: submission.value.page ?? '/chat' })
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined
  if (form.get('from') === FROM_WIDGET) return data({ result: submission.reply({ resetForm: true }), response }, { headers })
  return redirect('/chat#latest', { status: 303, headers })
}

export type ChatActionAnswer = { result?: SubmissionResult<string[]>; formError?: string; response?: string; failed?: boolean }

/**
 * Sends through the server action. When no answer comes back (network down), the server fails
 * (database away) or refuses a widget's message, the sender is told (SPEC §8: the failure is
 * logged, an inline error and the 'Message Error' toast show) and the page stays as it is.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ChatActionAnswer> {
  const fromWidget = (await request.clone().formData()).get('from') === FROM_WIDGET
  try {
    const answer = (await serverAction()) as ChatActionAnswer
    if (!fromWidget || answer.response !== undefined) return answer
    throw new Error(`refused: ${JSON.stringify(answer.result?.error ?? answer)}`)
  } catch (error) {
    if (error instanceof Response) throw error // the page form's redirect
    console.error('[chat] message not sent', error)
    showToast({ title: CHAT_TEXTS.errorToastTitle, description: CHAT_TEXTS.errorToastDescription, variant: 'destructive' })
    return { failed: true }
  }
}

/** A widget's send reloads its transcript; nothing else on the page it sits on. */
export function shouldRevalidate({ formAction, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === '/chat' && (actionResult as ChatActionAnswer | undefined)?.response !== undefined) return true
  return defaultShouldRevalidate
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useIsPending()
  const answer = actionData as ChatActionAnswer | undefined
  const chat = loaderData?.chat
  const [form, fields] = useForm<ChatFormFields>({
    id: 'chat',
    lastResult: answer?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatFormSchema({ contactKnown: chat?.contactKnown ?? false }) }),
  })
  useLiveRevalidation(chat?.conversationId ? `/api/chat/events?after=${chat.lastEventId}&page=/chat` : null)
  // Only the widget's read catches a failure; the page never sees it (see clientLoader).
  if (!loaderData || !chat) return null

  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-28 pb-16">
      <h1 className="text-3xl font-bold text-slate-900">{CHAT_TEXTS.title}</h1>
      <p className="mt-2 text-slate-600" data-testid="availability">
        {availabilityText(chat)}
      </p>

      {loaderData.resume ? (
        <Form method="post" className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <input type="hidden" name="intent" value="resume" />
          <input type="hidden" name="token" value={loaderData.resume} />
          <p className="text-sm text-slate-700">Continue the conversation from our e-mail in this browser.</p>
          <button type="submit" className={buttonClasses('primary', 'mt-3')}>
            Continue the conversation
          </button>
        </Form>
      ) : null}
      <FormError
        errors={answer?.formError ? [answer.formError] : answer?.failed ? [CHAT_TEXTS.inlineError] : undefined}
        id="chat-page-error"
      />

      <div role="log" aria-label="Chat messages" className="mt-6 space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <ChatBubble message={WELCOME_MESSAGE} />
        {chat.messages.map((message) => (
          <ChatBubble key={message.id} message={message} />
        ))}
        <span id="latest" />
      </div>
      {chat.emailConfirmation ? (
        <p role="status" className="mt-3 text-sm text-slate-600" data-testid="email-confirmation">
          {emailConfirmationText(chat.emailConfirmation)}
        </p>
      ) : null}

      <Form method="post" className="mt-6 space-y-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="send" />
        <FormError errors={form.errors} id={form.errorId} />
        {chat.contactKnown ? null : (
          <>
            <p className="pb-2 text-sm text-slate-600">{CHAT_TEXTS.dialogDescription}</p>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <ChatContactFields name={fields.name} email={fields.email} />
            </div>
          </>
        )}
        <Field
          label="Your message"
          field={fields.message}
          render={(props) => <textarea {...props} {...getTextareaProps(fields.message)} rows={4} maxLength={CHAT_LIMITS.message} />}
        />
        <StatusButton pending={sending} pendingText="Sending...">
          Send
        </StatusButton>
      </Form>
    </main>
  )
}
