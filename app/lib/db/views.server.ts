// Types come from the schemas: each model exports its document type (InferSchemaType), and a
// service names the fields a page or answer shows once, as a list. That list gives the view type,
// the projection that reads just those fields, and the mapping from a lean document, so a field
// added to a schema reaches a view by adding its name to one list.

/** A document as pages and JSON show it: `id` for `_id`, an optional field as null when absent. */
export type View<Doc, Field extends keyof Doc> = { id: string } & {
  [K in Field]-?: undefined extends Doc[K] ? Exclude<Doc[K], undefined> | null : Doc[K]
}

/** The projection that reads exactly these fields (and `_id`). */
export function projectionOf<Field extends string>(fields: readonly Field[]): Record<Field, 1> {
  return Object.fromEntries(fields.map((field) => [field, 1])) as Record<Field, 1>
}

/** The view of a lean document: its id as text, the listed fields, absent ones as null. */
export function toView<Doc extends { _id: unknown }, Field extends keyof Doc & string>(
  doc: Doc,
  fields: readonly Field[],
): View<Doc, Field> {
  const view: Record<string, unknown> = { id: String(doc._id) }
  for (const field of fields) view[field] = doc[field] ?? null
  return view as View<Doc, Field>
}
