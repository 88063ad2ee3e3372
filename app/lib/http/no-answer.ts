/**
 * True when a route's data or action fetch got no response at all (network down, server
 * unreachable): fetch() rejects with a TypeError only then. A redirect or a server error is an
 * answer and is handled as usual. The contact form's clientAction and the staff pages'
 * clientLoaders use it to show SPEC §8's failure states instead of the error page.
 */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof TypeError
}
