import { Link, useLocation } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'

/** The staff pages' buttons and links that read as buttons: the outline look, small. */
export const adminButtonClass = buttonClasses('outline', '', 'sm')

/** Reloads the page's data: a plain link to the same address, so it works without JavaScript. */
export function RefreshLink() {
  const location = useLocation()
  return (
    <Link to={location.pathname + location.search} className={adminButtonClass} preventScrollReset>
      Refresh
    </Link>
  )
}
