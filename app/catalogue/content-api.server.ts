import type { RouterContextProvider } from 'react-router'
import { type AdminUser, requireAdminApi } from '#app/staff/require-admin.server'
import { CONTENT_FIELDS, type ContentKind, isContentKind } from '#app/domain/content-rules'
import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { z } from '#app/domain/zod'
import { jsonAction } from '#app/lib/http/json-action.server'
import { readJsonBody } from '#app/lib/http/request-body.server'
import { badRequest, handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import { ContentEditError, createContent, deleteContent, getContent, listContent, updateContent } from './content-editing.server'

// The JSON API for staff content: GET/POST /api/admin/<kind> and
// GET/PATCH/DELETE /api/admin/<kind>/:id for plans, services, solutions, testimonials and news. The
// same rules, version check and audit as the staff pages (content-editing.server.ts). Every error
// answer is `{message}`, plus `errors` by field for a 400 and `current` (the saved record) for a 409.

type Args = { request: Request; params: { id?: string }; context: Pick<RouterContextProvider, 'get'> }

/** The kind from the address: /api/admin/<kind>[/<id>]. */
function kindOf(request: Request): ContentKind {
  const kind = new URL(request.url).pathname.split('/')[3]
  if (!isContentKind(kind)) throw jsonError(404, 'No such API endpoint.')
  return kind
}

function idOf(raw: string | undefined, kind: ContentKind): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw jsonError(404, `There is no ${kind} record with id ${raw}.`)
  return Number(raw)
}

function refusal(error: unknown): Response {
  if (!(error instanceof ContentEditError)) throw error
  if (error.status === 400) return badRequest(Object.keys(error.errors).length > 0 ? error.errors : { form: [error.message] })
  return jsonError(error.status, error.message, error.current ? { current: error.current } : undefined)
}

const editBy = (admin: AdminUser, context: Args['context']) => ({ actor: { id: admin.id, username: admin.username }, context })

const ONE_OBJECT = 'Send one JSON object.'
const jsonObject = z.record(z.string(), z.unknown(), { error: ONE_OBJECT })

async function readObject(request: Request): Promise<Record<string, unknown>> {
  const parsed = jsonObject.safeParse(await readJsonBody(request, BODY_LIMITS.contentJson))
  if (!parsed.success) throw badRequest({ form: [ONE_OBJECT] })
  return parsed.data
}

/** Names the API accepts for a kind: its fields, plus `version` on a change. */
function checkFieldNames(kind: ContentKind, body: Record<string, unknown>, { allowVersion }: { allowVersion: boolean }) {
  const known = [...CONTENT_FIELDS[kind].map((field) => field.name)]
  const unknown = Object.keys(body).filter((name) => !known.includes(name) && !(allowVersion && name === 'version') && name !== 'id')
  if (unknown.length > 0) {
    throw badRequest(Object.fromEntries(unknown.map((name) => [name, [`Unknown field: ${name}. Fields are ${known.join(', ')}.`]])))
  }
}

function readVersion(value: unknown): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  throw badRequest({ version: ['version must be the whole number the record was read with'] })
}

/** GET /api/admin/<kind>: every record, hidden ones and drafts included. */
export function listRecords({ request }: Args) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const kind = kindOf(request)
    return Response.json((await listContent(kind)).map(({ position: _position, ...record }) => record))
  })
}

/** POST /api/admin/<kind>: 201 with the new record and its id (the shared JSON action: POST only, size-limited body). */
export function createRecord({ request, context }: Args) {
  let admin: AdminUser | undefined
  return jsonAction(
    {
      request,
      schema: jsonObject,
      maxBytes: BODY_LIMITS.contentJson,
      guard: async () => {
        admin = await requireAdminApi(request)
      },
      postOnlyMessage: 'Use GET to list or POST to create.',
    },
    async (body) => {
      const kind = kindOf(request)
      checkFieldNames(kind, body, { allowVersion: false })
      try {
        return Response.json(await createContent(kind, body, editBy(admin!, context)), { status: 201 })
      } catch (error) {
        return refusal(error)
      }
    },
  )
}

/** GET /api/admin/<kind>/:id */
export function readRecord({ request, params }: Args) {
  return handleJsonErrors(async () => {
    await requireAdminApi(request)
    const kind = kindOf(request)
    try {
      return Response.json(await getContent(kind, idOf(params.id, kind)))
    } catch (error) {
      return refusal(error)
    }
  })
}

/**
 * PATCH /api/admin/<kind>/:id with any subset of the fields (and `version`, to be refused with 409
 * when someone saved since it was read); DELETE /api/admin/<kind>/:id (`?version=` likewise).
 */
export function changeRecord({ request, params, context }: Args) {
  return handleJsonErrors(async () => {
    const admin = await requireAdminApi(request)
    const kind = kindOf(request)
    const id = idOf(params.id, kind)
    try {
      if (request.method === 'PATCH') {
        const body = await readObject(request)
        checkFieldNames(kind, body, { allowVersion: true })
        const { version, id: _id, ...changes } = body
        return Response.json(await updateContent(kind, id, changes, readVersion(version), editBy(admin, context)))
      }
      if (request.method === 'DELETE') {
        const raw = new URL(request.url).searchParams.get('version')
        const version = raw === null ? undefined : readVersion(/^\d{1,9}$/.test(raw) ? Number(raw) : raw)
        await deleteContent(kind, id, version, editBy(admin, context))
        return new Response(null, { status: 204 })
      }
    } catch (error) {
      return refusal(error)
    }
    return jsonError(405, 'Use GET, PATCH or DELETE.', undefined, { headers: { Allow: 'GET, PATCH, DELETE' } })
  })
}
