import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { SectionLink } from '#app/components/section-link'
import { buttonClasses } from '#app/components/ui/button'
import { BUSINESS } from '#app/domain/business'

/** SPEC §2 navigation, in order; each is a section of the home page. */
export const NAV_SECTIONS = [
  { section: 'services', label: 'Services' },
  { section: 'solutions', label: 'Solutions' },
  { section: 'about', label: 'About' },
  { section: 'news', label: 'News' },
  { section: 'pricing', label: 'Pricing' },
  { section: 'contact', label: 'Contact' },
] as const

/** SPEC §9: the header turns solid after 50 px of scroll. */
const SOLID_AFTER_PX = 50
/** SPEC §9: the outside-click listener attaches 100 ms after opening, so the opening click is not it. */
const OUTSIDE_CLICK_DELAY_MS = 100

function useScrolledPast(offset: number) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > offset)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [offset])
  return scrolled
}

/** The header of every page. */
export function SiteHeader() {
  return <HeaderBar />
}

function HeaderBar() {
  const scrolled = useScrolledPast(SOLID_AFTER_PX)
  const location = useLocation()
  // The menu remembers the location it was opened at, so any route change closes it without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const menuOpen = openedAt === location.key
  const closeMenu = () => setOpenedAt(null)
  const menuRef = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpenedAt(null)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenedAt(null)
        menuRef.current?.querySelector('summary')?.focus()
      }
    }
    const timer = setTimeout(() => document.addEventListener('click', closeOnOutsideClick), OUTSIDE_CLICK_DELAY_MS)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('click', closeOnOutsideClick)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [menuOpen])

  const solid = scrolled || menuOpen
  return (
    <header
      data-solid={solid}
      className={`fixed inset-x-0 top-0 z-50 transition-colors print:hidden duration-300 ${solid ? 'bg-white shadow-md' : 'bg-transparent'}`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-20 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-navy">
          {/* Low priority: the home page's hero image is its largest paint and gets the connection first.
              It also keeps React from adding a preload of the logo to the head when it renders the
              header, which a page whose header comes from memory would not have. */}
          <img src="/images/logo.svg" alt="" width={36} height={36} fetchPriority="low" />
          {BUSINESS.name}
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {NAV_SECTIONS.map(({ section, label }) => (
            <li key={section}>
              <SectionLink
                section={section}
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 hover:text-brand-700"
              >
                {label}
              </SectionLink>
            </li>
          ))}
          <li className="ml-2">
            <Link to="/checkout" className={buttonClasses('primary', 'py-2')}>
              Get Started
            </Link>
          </li>
        </ul>

        {/* details/summary: the menu opens and closes without JavaScript too. */}
        <details
          ref={menuRef}
          open={menuOpen}
          onToggle={(event) => setOpenedAt(event.currentTarget.open ? location.key : null)}
          className="group md:hidden"
          data-testid="mobile-menu"
        >
          <summary className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-navy hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">Menu</span>
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path className="group-open:hidden" d="M4 6h16M4 12h16M4 18h16" />
              <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <div className="absolute inset-x-0 top-20 border-t border-slate-200 bg-white px-4 pb-6 shadow-lg">
            <ul className="flex flex-col py-2">
              {NAV_SECTIONS.map(({ section, label }) => (
                <li key={section}>
                  <SectionLink
                    section={section}
                    onNavigate={closeMenu}
                    className="block rounded-md px-3 py-3 font-medium text-slate-800 hover:bg-slate-100"
                  >
                    {label}
                  </SectionLink>
                </li>
              ))}
            </ul>
            <Link to="/checkout" className={buttonClasses('primary', 'w-full')}>
              Get Started
            </Link>
          </div>
        </details>
      </nav>
    </header>
  )
}
