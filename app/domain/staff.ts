import { z } from 'zod'

// Staff accounts: roles and the rules of the forms and API that manage them,
// shared by the owners' page, the account page, the staff API and their tests.

export const STAFF_ROLES = ['owner', 'staff'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** The owners' staff page; its tasks are below it (`/admin/staff/ann/disable`). */
export const STAFF_PAGE = '/admin/staff'

export const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff' }

/** A set-password link works once, for a day. */
export const SET_PASSWORD_LINK_HOURS = 24
export const MIN_PASSWORD_LENGTH = 12
export const MAX_PASSWORD_LENGTH = 200
/** Failed sign-ins are counted per 15 minutes (staff/sign-in.server.ts); the refusal says so. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[a-z0-9._-]+$/i, 'Username may contain letters, digits, dots, dashes and underscores only')

export const staffNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters')

export const roleSchema = z.enum(STAFF_ROLES, { error: 'Role must be owner or staff' })

/** A new account: what the owners' form and `POST /api/admin/staff` take. */
export const newStaffSchema = z.object({ username: usernameSchema, name: staffNameSchema, role: roleSchema })

/** `PATCH /api/admin/staff/:id`: any subset of these. */
export const staffPatchSchema = z
  .object({ name: staffNameSchema, role: roleSchema, disabled: z.boolean({ error: 'disabled must be true or false' }) })
  .partial()
  .strict()

/** An owners' page task on one account: its name visitors see, or its role. */
export const renameStaffSchema = z.object({ name: staffNameSchema })
export const roleChangeSchema = z.object({ role: roleSchema })
/** The owners' "require two-step verification of everyone" checkbox (absent when unticked). */
export const totpPolicySchema = z.object({ required: z.boolean({ error: 'Tick the box or leave it empty' }).optional() })

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)

/** The set-password page: the password twice. */
export const setPasswordSchema = z
  .object({ password: newPasswordSchema, confirm: z.string({ error: 'Type the password again' }).max(MAX_PASSWORD_LENGTH) })
  .refine((value) => value.password === value.confirm, { message: 'The passwords do not match', path: ['confirm'] })

/** The account page: current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH),
    password: newPasswordSchema,
    confirm: z.string({ error: 'Type the new password again' }).max(MAX_PASSWORD_LENGTH),
  })
  .refine((value) => value.password === value.confirm, { message: 'The passwords do not match', path: ['confirm'] })

/** The account page's tasks that ask for the current password only (turning two-step off, new recovery codes). */
export const currentPasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH),
})

/** A six-digit code from an authenticator app, or a recovery code (spaces and dashes ignored). */
export const secondFactorCodeSchema = z
  .string({ error: 'Enter the code' })
  .max(100, 'That code is too long')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().min(6, 'Enter the 6-digit code').max(20, 'That code is too long'))

/**
 * Removing two-step verification, resetting a password and adding an owner need the password or a
 * code entered within this many minutes on the same session (sign-in counts).
 */
export const REVERIFY_WINDOW_MINUTES = 10

/** The first code that turns two-step verification on. */
export const totpConfirmSchema = z.object({ code: secondFactorCodeSchema })
