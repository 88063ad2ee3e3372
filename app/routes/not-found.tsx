import { data } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page'

// Any path no other route claims answers 404; the root error boundary renders the 404 page, the
// same one an unknown news slug gets.
export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundPage />
}
