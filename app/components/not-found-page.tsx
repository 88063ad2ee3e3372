import { useEffect } from 'react'
import { Link, useNavigate, useNavigation } from 'react-router'
import { SectionLink } from '#app/components/section-link'
import { buttonClasses } from '#app/components/ui/button'
import { BUSINESS } from '#app/domain/business'

/** SPEC §9: the 404 page sends the visitor home after 5 seconds. */
export const NOT_FOUND_REDIRECT_MS = 5000

export function NotFoundPage() {
  const navigate = useNavigate()
  // A link the visitor followed wins: on a slow phone its page can take longer than the countdown
  // to arrive, and going home then would drop it (a section link would land at the top).
  const leaving = useNavigation().state !== 'idle'
  useEffect(() => {
    if (leaving) return
    const timer = setTimeout(() => void navigate('/'), NOT_FOUND_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [navigate, leaving])
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-6 pt-32 pb-16 text-center">
      <title>{`404 Not Found | ${BUSINESS.name}`}</title>
      <meta name="robots" content="noindex, follow" />
      {/* Without JavaScript the browser itself goes home after the same 5 seconds. */}
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${NOT_FOUND_REDIRECT_MS / 1000};url=/">` }} />
      <p className="text-7xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">404 Not Found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for no longer exists or has been moved.</p>
      <p className="mt-2 text-sm text-slate-600" id="redirect-note">
        You will be taken to the home page in 5 seconds.
      </p>
      {/* A CSS animation, so the bar fills with or without JavaScript. */}
      <div className="mt-4 h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="animate-redirect-progress h-full w-full origin-left rounded-full bg-brand-600" data-testid="redirect-progress" />
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className={buttonClasses('primary')}>
          Return to Home
        </Link>
        <SectionLink section="contact" className={buttonClasses('outline')}>
          Contact Us
        </SectionLink>
      </div>
    </main>
  )
}
