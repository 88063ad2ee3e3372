import type { ActionFunctionArgs } from 'react-router'

// PLACEHOLDER until the enquiries work handles the contact form POST on the home route.
export async function contactAction(_args: ActionFunctionArgs) {
  return Response.json({ message: 'The contact form is not available yet.' }, { status: 501 })
}
