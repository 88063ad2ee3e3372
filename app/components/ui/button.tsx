// Button looks shared by real buttons and by links that read as buttons, so 'Get Started',
// 'Contact Us', 'Send Message' and the staff pages' buttons look alike everywhere.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-50'

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  light: 'bg-white text-brand-700 hover:bg-brand-50',
} as const

const sizes = { md: 'px-5 py-3', sm: 'px-4 py-2' } as const

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

export function buttonClasses(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'md') {
  return `${base} ${sizes[size]} ${variants[variant]} ${extra}`.trim()
}
