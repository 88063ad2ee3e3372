import mongoose, { type Model, type Schema } from 'mongoose'

/**
 * Registers a model once per process. The Express entry and the React Router build each bundle the
 * model modules, and both share the one mongoose instance from node_modules.
 */
export function defineModel<TSchema extends Schema>(name: string, schema: TSchema) {
  type Doc = mongoose.InferSchemaType<TSchema>
  return (mongoose.models[name] as Model<Doc> | undefined) ?? mongoose.model<Doc>(name, schema)
}

/**
 * JSON shape for API answers: `id` instead of `_id`, no `__v`. Catalogue records keep their own
 * integer `id` field; orders and contacts expose their ObjectId as `id`.
 */
export const toJSONWithId = {
  virtuals: false,
  versionKey: false,
  transform(_doc: unknown, ret: Record<string, unknown>) {
    if (ret.id === undefined && ret._id !== undefined) ret.id = String(ret._id)
    delete ret._id
    return ret
  },
}
