// The plan request's constants, apart from its schema so checkout's page does not load zod.
export const PLAN_REQUEST_INTENT = 'request-plan'
export const PLAN_REQUEST_NOTE_LIMIT = 1000

export const PLAN_REQUEST_SENT_TOAST = {
  title: 'Plan request sent',
  description: 'Thank you! We will call you within one business day to set up your plan.',
} as const

export type PlanRequestFields = { name: string; email: string; phone?: string; note?: string }
