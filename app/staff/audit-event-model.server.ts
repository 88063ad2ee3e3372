import { Schema } from 'mongoose'
import { AUDIT_KINDS } from '#app/domain/audit'
import { defineModel } from '#app/lib/db/define-model.server'

/**
 * One line of the audit trail: who did what to which record, when, from which address key and in
 * which request. Written once, never updated; pruned after a year (audit/audit.server.ts).
 */
const auditEventSchema = new Schema(
  {
    at: { type: Date, required: true, default: Date.now },
    kind: { type: String, required: true, enum: AUDIT_KINDS },
    /** The signed-in account (its id and its username at the time); null for a failed sign-in. */
    actorId: { type: String, default: null },
    actorUsername: { type: String, default: null },
    /** A short summary, e.g. 'changed price', 'disabled account'. */
    action: { type: String, required: true },
    /** What was acted on, e.g. `plan:3`, `news:<id>`, `user:<id>`, `order:<id>`. */
    target: { type: String },
    /** Changed fields only, {field: {before, after}}; secrets are never stored (see diffChanges). */
    changes: { type: Schema.Types.Mixed },
    /** The client address as a salted key (the access log's daily salt), never the address itself. */
    addressKey: { type: String, required: true },
    requestId: { type: String, required: true },
  },
  { versionKey: false, minimize: true },
)
auditEventSchema.index({ at: -1 })
auditEventSchema.index({ kind: 1, at: -1 })
auditEventSchema.index({ actorUsername: 1, at: -1 })

export const AuditEvent = defineModel('AuditEvent', auditEventSchema)
