// Button looks shared by real buttons and by links that read as buttons, so 'Get Started',
// 'Contact Us' and 'Return to Home' look alike everywhere.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60'

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  light: 'bg-white text-brand-700 hover:bg-brand-50',
} as const

export type ButtonVariant = keyof typeof variants

export function buttonClasses(variant: ButtonVariant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`.trim()
}
