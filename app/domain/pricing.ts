// Every price rule of SPEC §9 in one place, shared by the checkout page and the server.
// Money is integer cents throughout; dollars appear only when formatting.
import { CLOUD_BACKUP_NAME } from './business'

export const MS365_OPTION_IDS = ['none', 'business_standard', 'business_premium', 'e3'] as const
export type Ms365OptionId = (typeof MS365_OPTION_IDS)[number]

export type Ms365Option = { id: Ms365OptionId; label: string; shortLabel: string; pricePerUserCents: number }

export const MS365_OPTIONS: readonly Ms365Option[] = [
  { id: 'none', label: 'None', shortLabel: 'No Microsoft 365', pricePerUserCents: 0 },
  { id: 'business_standard', label: 'Microsoft 365 Business Standard', shortLabel: 'Business Standard', pricePerUserCents: 1250 },
  { id: 'business_premium', label: 'Microsoft 365 Business Premium', shortLabel: 'Business Premium', pricePerUserCents: 2200 },
  { id: 'e3', label: 'Microsoft 365 E3 (no Teams)', shortLabel: 'E3 (no Teams)', pricePerUserCents: 3600 },
]

export const CLOUD_BACKUP_PER_USER_CENTS = 495
export const MIN_USERS = 1
export const MAX_USERS = 1000
export const USERS_OUT_OF_RANGE_MESSAGE = `Users must be a whole number from ${MIN_USERS} to ${MAX_USERS}`

const DEFAULT_USERS_BY_PLAN_NAME: Record<string, number> = { essential: 10, professional: 20, enterprise: 50 }

export function isMs365OptionId(value: unknown): value is Ms365OptionId {
  return typeof value === 'string' && (MS365_OPTION_IDS as readonly string[]).includes(value)
}

/** SPEC: any value other than the four known options means none. */
export function parseMs365Option(value: string | null | undefined): Ms365OptionId {
  return isMs365OptionId(value) ? value : 'none'
}

export function getMs365Option(id: Ms365OptionId): Ms365Option {
  return MS365_OPTIONS.find((option) => option.id === id) ?? MS365_OPTIONS[0]!
}

/** Default seat count by plan name, case-insensitive: Essential 10, Professional 20, Enterprise 50, else 1. */
export function defaultUsersForPlan(planName: string | null | undefined): number {
  return DEFAULT_USERS_BY_PLAN_NAME[(planName ?? '').trim().toLowerCase()] ?? 1
}

export function isValidUserCount(users: number): boolean {
  return Number.isInteger(users) && users >= MIN_USERS && users <= MAX_USERS
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}

export function centsToDollars(cents: number): number {
  return cents / 100
}

/**
 * '$1,234.50', by hand: an Intl.NumberFormat made when the module loads was the largest piece of
 * script the home page ran before hydrating on a slowed phone (locale data is loaded on first use).
 */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents))
  let dollars = String(Math.floor(whole / 100))
  let thousands = ''
  for (; dollars.length > 3; dollars = dollars.slice(0, -3)) thousands = `,${dollars.slice(-3)}${thousands}`
  return `$${cents < 0 && whole > 0 ? '-' : ''}${dollars}${thousands}.${String(whole % 100).padStart(2, '0')}`
}

/** A stored dollar amount (orders keep dollars, SPEC §3) shown like every other price. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars))
}

export function pluralizeUsers(users: number): string {
  return `${users} ${users === 1 ? 'user' : 'users'}`
}

export type PriceLine = { kind: 'plan' | 'ms365' | 'backup'; label: string; detail?: string; amountCents: number }

export type PriceQuote = {
  planCents: number
  ms365Option: Ms365Option
  users: number
  /** Backup applies only with a Microsoft 365 option other than none. */
  backupApplies: boolean
  ms365Cents: number
  backupCents: number
  totalCents: number
  lines: PriceLine[]
}

export type QuoteInput = {
  plan: { name: string; price: number }
  ms365Option: Ms365OptionId
  users: number
  includeCloudBackup: boolean
}

export class InvalidQuoteError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidQuoteError'
  }
}

/**
 * The monthly total: plan price + option price × users (when an option is chosen)
 * + backup × users (when an option is chosen and backup is ticked).
 */
export function quote({ plan, ms365Option, users, includeCloudBackup }: QuoteInput): PriceQuote {
  const option = getMs365Option(ms365Option)
  const hasOption = option.id !== 'none'
  if (hasOption && !isValidUserCount(users)) throw new InvalidQuoteError(USERS_OUT_OF_RANGE_MESSAGE)
  const planCents = dollarsToCents(plan.price)
  const seats = hasOption ? users : 0
  const ms365Cents = option.pricePerUserCents * seats
  const backupApplies = hasOption && includeCloudBackup
  const backupCents = backupApplies ? CLOUD_BACKUP_PER_USER_CENTS * seats : 0

  const lines: PriceLine[] = [{ kind: 'plan', label: `${plan.name} Plan`, amountCents: planCents }]
  if (hasOption) {
    lines.push({
      kind: 'ms365',
      label: option.label,
      detail: `${pluralizeUsers(seats)} × ${formatCents(option.pricePerUserCents)}/month`,
      amountCents: ms365Cents,
    })
  }
  if (backupApplies) {
    lines.push({
      kind: 'backup',
      label: CLOUD_BACKUP_NAME,
      detail: `${pluralizeUsers(seats)} × ${formatCents(CLOUD_BACKUP_PER_USER_CENTS)}/month`,
      amountCents: backupCents,
    })
  }
  return {
    planCents,
    ms365Option: option,
    users: seats,
    backupApplies,
    ms365Cents,
    backupCents,
    totalCents: planCents + ms365Cents + backupCents,
    lines,
  }
}
