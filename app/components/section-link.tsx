import { type MouseEvent, type ReactNode, useLayoutEffect } from 'react'
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router'
import { isCheckoutPath } from '#app/domain/site-paths'

/** SPEC §9: anchors land 100 px below the top so the fixed header does not cover the heading. */
export const SECTION_SCROLL_OFFSET_PX = 100

/** Smooth-scrolls to a section of the home page, leaving the address bar at /#id. */
export function scrollToSection(id: string) {
  const target = document.getElementById(id)
  if (!target) return false
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const top = target.getBoundingClientRect().top + window.scrollY - SECTION_SCROLL_OFFSET_PX
  window.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' })
  // Move keyboard focus along, so the next Tab continues inside the section rather than the nav.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
  // replaceState keeps React Router's own history state, so Back still works as before.
  window.history.replaceState(window.history.state, '', `#${id}`)
  return true
}

type SectionLinkProps = { section: string; children: ReactNode; className?: string; onNavigate?: () => void }

/** The state a section link leaves on its way to the home page from another page. */
type ArrivalState = { scrollToSection?: unknown } | null

function isPlainClick(event: MouseEvent<HTMLAnchorElement>) {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
}

/**
 * A link to a home page section (/#id). Without JavaScript it is a plain anchor, which the CSS
 * scroll-padding already offsets. With JavaScript: on the home page it smooth-scrolls in place; on
 * checkout pages it is a full navigation (SPEC §2); elsewhere a client navigation to the home page,
 * which then smooth-scrolls to the section like a link on the page itself
 * (useScrollToSectionOnArrival).
 */
export function SectionLink({ section, children, className, onNavigate }: SectionLinkProps) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const href = `/#${section}`
  if (isCheckoutPath(pathname)) {
    return (
      <a href={href} className={className} onClick={onNavigate}>
        {children}
      </a>
    )
  }
  if (pathname === '/') {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainClick(event)) return
      if (scrollToSection(section)) event.preventDefault()
      onNavigate?.()
    }
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    )
  }
  // Going to '/' rather than '/#id' keeps React Router from jumping to the anchor itself.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.()
    if (!isPlainClick(event)) return
    event.preventDefault()
    void navigate('/', { state: { scrollToSection: section }, preventScrollReset: true })
  }
  return (
    <Link to={href} className={className} onClick={onClick}>
      {children}
    </Link>
  )
}

/**
 * For the home page: when a section link on another page brought the visitor here, start at the
 * top and smooth-scroll to the section (a jump when reduced motion is asked for). Only on that
 * navigation: a reload or Back finds the page where the browser left it.
 */
export function useScrollToSectionOnArrival() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const section = (location.state as ArrivalState)?.scrollToSection
  useLayoutEffect(() => {
    if (navigationType !== 'PUSH' || typeof section !== 'string') return
    window.scrollTo({ top: 0, behavior: 'instant' })
    scrollToSection(section)
  }, [location.key, navigationType, section])
}
