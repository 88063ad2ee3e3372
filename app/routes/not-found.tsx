import { data } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page'

// Any path no other route claims answers 404 with the not-found page. Returned rather than thrown,
// so the page renders in the site's frame like any other: leaving an error page mounts the frame
// anew, which costs a phone a second layout and moved the section a link was heading for. An
// unknown news slug still throws, and the root error boundary shows the same page.
export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundPage />
}
