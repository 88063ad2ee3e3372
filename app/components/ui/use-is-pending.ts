import { useFormAction, useNavigation } from 'react-router'

/**
 * True while a form of this route (or the one at `formAction`) is being submitted with
 * `formMethod` and, by default, until the page it leads to has loaded. The one way a page knows
 * its form is busy; a fetcher's form reads `fetcher.state` instead.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  state = 'non-idle',
}: { formAction?: string; formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'; state?: 'submitting' | 'loading' | 'non-idle' } = {}) {
  const routeAction = useFormAction()
  const navigation = useNavigation()
  const inState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
  return inState && navigation.formAction === (formAction ?? routeAction) && navigation.formMethod === formMethod
}
