import { useEffect, useState, useSyncExternalStore } from 'react'
import { HERO_ADVANCE_MS, HERO_FADE_MS, HERO_SLIDES, wrapIndex } from './hero-slides'

// Only the first picture comes with the page. The others sit in the viewport under it, where
// loading="lazy" would fetch all of them at once, beside the first screen on a phone's connection
// (and an animated one would repaint, unseen, every frame). Each is fetched shortly before it shows,
// or as soon as a visitor points at or focuses the carousel, and stays once fetched.
const PREFETCH_BEFORE_ADVANCE_MS = 2000

const noSubscription = () => () => {}

/** True in the browser after hydration: controls that need JavaScript appear only then. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

function usePrefersReducedMotion() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia('(prefers-reduced-motion: reduce)')
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    () => false,
  )
}

/**
 * SPEC §2 hero carousel: 4 slides fading over 1.2 s, advancing every 8 s, wrapping both ways.
 * Beyond the spec it pauses while hovered or focused and stays still under reduced motion.
 * Without JavaScript the first slide shows and no dead buttons are rendered.
 */
export function HeroCarousel() {
  return <Carousel />
}

function Carousel() {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set([0]))
  const hydrated = useHydrated()
  const reducedMotion = usePrefersReducedMotion()
  const count = HERO_SLIDES.length
  const autoAdvance = !hovered && !focused && !reducedMotion

  useEffect(() => {
    if (!autoAdvance) return
    // Restarted after every change, so a manual move gets a full 8 s before the next one.
    const next = wrapIndex(index, 1, count)
    const prefetch = setTimeout(() => setFetched((current) => new Set(current).add(next)), HERO_ADVANCE_MS - PREFETCH_BEFORE_ADVANCE_MS)
    const timer = setInterval(() => setIndex((current) => wrapIndex(current, 1, count)), HERO_ADVANCE_MS)
    return () => {
      clearTimeout(prefetch)
      clearInterval(timer)
    }
  }, [autoAdvance, index, count])

  // A slide reached some other way (a tap with no pointer to rest) keeps its picture as it fades out.
  useEffect(() => setFetched((current) => (current.has(index) ? current : new Set(current).add(index))), [index])

  const fetchEvery = () => setFetched((current) => (current.size === count ? current : new Set(HERO_SLIDES.keys())))

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Our work"
      className="relative aspect-[3/2] w-full overflow-hidden rounded-2xl bg-slate-200 shadow-xl"
      onMouseEnter={() => {
        setHovered(true)
        fetchEvery()
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true)
        fetchEvery()
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      {HERO_SLIDES.map((slide, slideIndex) => {
        const active = slideIndex === index
        return (
          <div
            key={slide.url}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${count}`}
            aria-hidden={!active}
            data-slide={slideIndex}
            data-active={active}
            className={`absolute inset-0 transition-opacity ease-in-out ${active ? 'opacity-100' : 'opacity-0'}`}
            style={{ transitionDuration: `${HERO_FADE_MS}ms` }}
          >
            {active || fetched.has(slideIndex) ? (
              <img
                src={slide.url}
                alt={slide.alt}
                width={1200}
                height={800}
                className="h-full w-full object-cover"
                // The first slide is the largest paint of the page. React 19 turns this eager, high-priority
                // image into a <link rel="preload"> in the document head, so it is fetched before the CSS.
                loading={slideIndex === 0 ? 'eager' : 'lazy'}
                fetchPriority={slideIndex === 0 ? 'high' : 'low'}
                decoding="async"
              />
            ) : null}
          </div>
        )
      })}

      {hydrated ? (
        <>
          <StepButton
            label="Previous image"
            side="left-3"
            chevron="M15 6l-6 6 6 6"
            onClick={() => setIndex((current) => wrapIndex(current, -1, count))}
          />
          <StepButton
            label="Next image"
            side="right-3"
            chevron="M9 6l6 6-6 6"
            onClick={() => setIndex((current) => wrapIndex(current, 1, count))}
          />
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
            {HERO_SLIDES.map((slide, slideIndex) => (
              <button
                key={slide.url}
                type="button"
                onClick={() => setIndex(slideIndex)}
                aria-label={`Go to image ${slideIndex + 1}`}
                aria-current={slideIndex === index ? 'true' : undefined}
                className="flex h-8 w-8 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={`block h-3 rounded-full transition-all ${slideIndex === index ? 'w-6 bg-white' : 'w-3 bg-white/60'} ring-1 ring-navy/40`}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  )
}

/** The previous and next buttons on either side of the picture (present once the page is hydrated). */
function StepButton({ label, side, chevron, onClick }: { label: string; side: string; chevron: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute top-1/2 ${side} flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-navy shadow hover:bg-white`}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      >
        <path d={chevron} />
      </svg>
    </button>
  )
}
