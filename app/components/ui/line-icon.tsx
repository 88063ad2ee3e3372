/**
 * A decorative outline icon on the 24-unit grid, drawn in the text colour with round ends and
 * joins: hidden from assistive technology, so the text beside it carries the meaning.
 */
export function LineIcon({ path, size = 24, className }: { path: string; size?: number; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={path} />
    </svg>
  )
}
