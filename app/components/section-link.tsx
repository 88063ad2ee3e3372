import type { MouseEvent, ReactNode } from 'react'
import { Link, useLocation } from 'react-router'

/** SPEC §9: anchors land 100 px below the top so the fixed header does not cover the heading. */
export const SECTION_SCROLL_OFFSET_PX = 100

export function isCheckoutPath(pathname: string) {
  return pathname === '/checkout' || pathname.startsWith('/checkout/')
}

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

/**
 * A link to a home page section (/#id). Without JavaScript it is a plain anchor, which the CSS
 * scroll-padding already offsets. With JavaScript: on the home page it smooth-scrolls in place; on
 * checkout pages it is a full navigation (SPEC §2); elsewhere a client navigation that lands on the
 * section.
 */
export function SectionLink({ section, children, className, onNavigate }: SectionLinkProps) {
  const { pathname } = useLocation()
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
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
      if (scrollToSection(section)) event.preventDefault()
      onNavigate?.()
    }
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    )
  }
  return (
    <Link to={href} className={className} onClick={onNavigate}>
      {children}
    </Link>
  )
}
