import { data } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page'

// Any path no other route claims answers 404 with the not-found page.
export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundPage />
}
