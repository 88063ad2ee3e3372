import type { ReactNode } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { StatusButton } from '#app/components/ui/button'
import { useIsPending } from '#app/components/ui/use-is-pending'
import { BUSINESS } from '#app/domain/business'

/** Who is signed in and what waits for them: the staff layout's loader data. */
export type StaffShellData = {
  me: { name: string; username: string; owner: boolean; totpEnabled: boolean }
  counts: { newEnquiries: number; unreadChats: number }
}

type NavItem = { to: string; label: string; count?: number; countLabel?: string; end?: boolean }

/** The console's sections, in the order of a working day; owners see their two pages last. */
export function staffNavItems({ me, counts }: StaffShellData): NavItem[] {
  const items: NavItem[] = [
    { to: '/admin', label: 'Dashboard', end: true },
    { to: '/admin/enquiries', label: 'Enquiries', count: counts.newEnquiries, countLabel: 'new' },
    { to: '/admin/orders', label: 'Orders' },
    { to: '/admin/chats', label: 'Chats', count: counts.unreadChats, countLabel: 'unread' },
    { to: '/admin/logs', label: 'Analytics' },
    { to: '/admin/content', label: 'Content' },
  ]
  if (me.owner)
    items.push(
      { to: '/admin/staff', label: 'Staff accounts' },
      { to: '/admin/audit', label: 'Audit trail' },
      { to: '/admin/privacy', label: 'Personal data' },
    )
  return items
}

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null
  return (
    <span className="ml-auto rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  )
}

const itemClass = 'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium'
const idleItemClass = `${itemClass} text-slate-200 hover:bg-white/10 hover:text-white`

/**
 * The section links. The page you are on is marked and not a link (nothing to go to); inside a
 * section (an order of the orders list) its link stays, marked as the current section.
 */
function NavList({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation()
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          {pathname === item.to ? (
            <span aria-current="page" className={`${itemClass} bg-white/15 text-white`}>
              {item.label}
              {item.count !== undefined ? <CountBadge count={item.count} label={item.countLabel ?? ''} /> : null}
            </span>
          ) : (
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) => (isActive ? `${itemClass} bg-white/15 text-white` : idleItemClass)}
              aria-current={pathname.startsWith(item.to + '/') ? 'true' : undefined}
            >
              {item.label}
              {item.count !== undefined ? <CountBadge count={item.count} label={item.countLabel ?? ''} /> : null}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  )
}

/** The signed-in person, their account and sign-out (a POST: a link could be set off by another site). */
function WhoIsSignedIn({ me }: { me: StaffShellData['me'] }) {
  const signingOut = useIsPending({ formAction: '/logout' })
  return (
    <div className="border-t border-white/15 pt-4 text-sm">
      <p className="px-3 text-slate-300">Signed in as</p>
      <p className="px-3 font-semibold break-words text-white">{me.name}</p>
      {/* Both read as the section links above; sign-out stays a form, so it works without JavaScript. */}
      <div className="mt-2 space-y-1">
        <Link to="/admin/account" className={idleItemClass}>
          Your account
        </Link>
        <Form method="post" action="/logout">
          <StatusButton pending={signingOut} plain className={`${idleItemClass} w-full cursor-pointer text-left disabled:cursor-wait`}>
            Logout
          </StatusButton>
        </Form>
      </div>
    </div>
  )
}

function Brand() {
  return (
    <Link to="/admin" className="flex items-center gap-2 font-bold text-white">
      <img src="/images/favicon.svg" alt="" width={28} height={28} />
      <span>
        {BUSINESS.shortName} <span className="font-normal text-slate-300">Staff</span>
      </span>
    </Link>
  )
}

/**
 * Every staff page's frame: a sidebar on wide screens, and on a phone a bar whose menu is a
 * details element, so it opens without JavaScript. The menu closes on each navigation (keyed by path).
 */
export function StaffShell({ data, children }: { data: StaffShellData | undefined; children: ReactNode }) {
  const { pathname } = useLocation()
  const items = staffNavItems(
    data ?? { me: { name: '', username: '', owner: false, totpEnabled: true }, counts: { newEnquiries: 0, unreadChats: 0 } },
  )
  return (
    <div className="min-h-screen bg-slate-100 lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 flex-col gap-6 bg-navy p-5 lg:flex print:hidden">
        <Brand />
        <nav aria-label="Staff" className="flex-1">
          <NavList items={items} />
        </nav>
        {data ? <WhoIsSignedIn me={data.me} /> : null}
      </aside>
      <header className="sticky top-0 z-30 flex items-center justify-between gap-4 bg-navy px-4 py-3 lg:hidden print:hidden">
        <Brand />
        <details key={pathname} className="group">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-white/30 px-3 py-1.5 text-sm font-semibold text-white [&::-webkit-details-marker]:hidden">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
              <path d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
            </svg>
            Menu
          </summary>
          <div className="absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] space-y-4 overflow-y-auto bg-navy px-4 pb-4 shadow-lg">
            <nav aria-label="Staff">
              <NavList items={items} />
            </nav>
            {data ? <WhoIsSignedIn me={data.me} /> : null}
          </div>
        </details>
      </header>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}

/** Asks an owner without two-step verification to turn it on: an owner's password alone guards every account. */
export function TwoStepBanner() {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p>
        <strong>Turn on two-step verification.</strong> Your account can change every staff account; a code from your phone keeps it yours
        if your password leaks.
      </p>
      <Link to="/admin/account" className="rounded-md bg-amber-900 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-950">
        Set it up
      </Link>
    </div>
  )
}
