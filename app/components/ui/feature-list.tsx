/** A ticked list of what a plan or solution includes. */
export function FeatureList({ features, className = '' }: { features: string[]; className?: string }) {
  return (
    <ul className={`text-sm ${className}`}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <span aria-hidden="true" className="text-green-700">
            ✓
          </span>
          {feature}
        </li>
      ))}
    </ul>
  )
}
