import {
  type ShouldRevalidateFunctionArgs,
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { ChatWidget } from '#app/components/chat-widget'
import { SiteFooter } from '#app/components/site-footer'
import { SiteHeader } from '#app/components/site-header'
import { StaticIsland, useStaticIslandLinks } from '#app/components/static-island'
import { Stylesheet } from '#app/components/stylesheet'
import { isCheckoutPath, isStaffPath } from '#app/domain/site-paths'
import { TrustStrip } from '#app/components/trust-strip'
import { NotFoundPage } from '#app/components/not-found-page'
import { buttonClasses } from '#app/components/ui/button'
import { Toaster } from '#app/components/ui/toaster'
import { getEnv } from '#app/lib/config/env.server'
import { businessJsonLd, serializeJsonLd } from '#app/domain/seo'
import { getToast } from '#app/lib/session/toast.server'
// The contact form's spam trap (enquiries work): inputs from the loader, provided to every form.
import { HoneypotProvider } from 'remix-utils/honeypot/react'
import { currentHoneypotInputProps } from '#app/enquiries/honeypot.server'

const TRUST_STRIP_ISLAND_ID = 'trust-strip-island'

// The SVG for browsers that take it, /favicon.ico for the rest (browsers ask for it anyway), the
// home-screen icon for iOS and the web app manifest (scripts/make-icons.mjs draws the PNGs).
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/images/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request)
  // Spam trap fields for the public forms (contact form); see enquiries/honeypot.server.ts.
  const honeypotInputProps = await currentHoneypotInputProps()
  return data({ siteUrl: getEnv().SITE_URL, toast, honeypotInputProps }, { headers: headers ?? undefined })
}

/**
 * The root's data (site address, flash toast, spam-trap fields) does not change while staff move
 * within one admin page: tabs, search, pages, ?view= and Refresh. Not refetching it there means a
 * fetch that gets no answer fails only that page's data, which shows its own failure state
 * (SPEC §8), instead of taking the whole page to the error page. Form submissions and every
 * other navigation revalidate as usual, so flash toasts still arrive.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const withinOneAdminPage = currentUrl.pathname === nextUrl.pathname && nextUrl.pathname.startsWith('/admin')
  if (!formMethod && withinOneAdminPage) return false
  return defaultShouldRevalidate
}

export function Layout({ children }: { children: React.ReactNode }) {
  useStaticIslandLinks()
  const rootData = useRouteLoaderData<typeof loader>('root')
  const siteUrl = rootData?.siteUrl ?? ''
  const staffPage = isStaffPath(useLocation().pathname)
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        {/* Light only: form controls and scrollbars stay light even when the system is dark. */}
        <meta name="color-scheme" content="light" />
        <Stylesheet />
        {/* The first paint waits until the page is parsed down to the trust strip, the last part
            every page shows. The document is sent whole (about 25 KB compressed), so this waits at
            most for the rest of it, and spares a phone painting a half-parsed page and laying it
            out again once the rest is in. */}
        {staffPage ? null : <link rel="expect" href={`#${TRUST_STRIP_ISLAND_ID}`} blocking="render" />}
        <Meta />
        <Links />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(businessJsonLd(siteUrl)) }} />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

/** Below the page: the trust strip everywhere, the footer everywhere but checkout (SPEC §2). */
function PageFoot() {
  const { pathname } = useLocation()
  // A printed staff page is the record itself: no marketing footer under it.
  return (
    <div className={pathname.startsWith('/admin') ? 'print:hidden' : undefined}>
      <StaticIsland id={TRUST_STRIP_ISLAND_ID}>
        <TrustStrip />
      </StaticIsland>
      {isCheckoutPath(pathname) ? null : (
        <StaticIsland id="site-footer-island">
          <SiteFooter />
        </StaticIsland>
      )}
    </div>
  )
}

export default function App() {
  const { toast, honeypotInputProps } = useLoaderData<typeof loader>()
  // Staff pages wear the console's own chrome (routes/admin/layout.tsx): no marketing header,
  // footer, trust strip or visitors' chat bubble.
  if (isStaffPath(useLocation().pathname)) {
    return (
      <>
        <Toaster flash={toast} inFlowWithoutScript />
        <Outlet />
      </>
    )
  }
  return (
    <HoneypotProvider {...honeypotInputProps}>
      <SiteHeader />
      <Outlet />
      <PageFoot />
      <ChatWidget />
      <Toaster flash={toast} />
    </HoneypotProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <SiteHeader />
        <NotFoundPage />
        <PageFoot />
      </>
    )
  }
  const unavailable = isRouteErrorResponse(error) && error.status === 503
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 pt-28 pb-16 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{unavailable ? 'We are briefly unavailable' : 'Something went wrong'}</h1>
        <p className="mt-4 text-slate-600">
          {unavailable
            ? 'Part of our system is not answering right now. Nothing you sent has been lost; please try again in a minute.'
            : 'We could not show this page just now. Please try again in a minute, or call us if it keeps happening.'}
        </p>
        <a href="/" className={buttonClasses('primary', 'mt-8')}>
          Return to Home
        </a>
      </main>
    </>
  )
}
