import { type ContentKind, isContentKind } from '#app/domain/content-rules'
import { invariantResponse } from '#app/lib/http/responses.server'

// The staff content pages name what they act on in their address (/admin/content/:kind/:id/…),
// never in a field of the form: an unknown kind or id is a 404 before anything is read.

export function readContentKind(kind: string): ContentKind {
  invariantResponse(isContentKind(kind), 'There is no such kind of content', 404)
  return kind
}

export function readContentRecord(params: { kind: string; id: string }): { kind: ContentKind; id: number } {
  const kind = readContentKind(params.kind)
  invariantResponse(/^\d{1,9}$/.test(params.id), 'There is no such record', 404)
  return { kind, id: Number(params.id) }
}
