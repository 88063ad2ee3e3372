// SPEC §3 hero slides: 1200×800 artwork with the spec's alt texts (original SVG illustrations in
// public/images/hero, since no stock photo can be shipped).
export type HeroSlide = { url: string; alt: string; sequence: string }

export const HERO_SLIDES: readonly [HeroSlide, ...HeroSlide[]] = [
  { url: '/images/hero/slide-1.svg', alt: 'A modern workspace with a tech support team helping clients', sequence: '1st image (new)' },
  { url: '/images/hero/slide-2.svg', alt: 'Network servers and IT infrastructure', sequence: '2nd image' },
  { url: '/images/hero/slide-3.svg', alt: 'A modern IT professional workspace with digital technology', sequence: '3rd image' },
  { url: '/images/hero/slide-4.svg', alt: 'A futuristic digital universe representing cloud technology', sequence: '4th image' },
]

/** SPEC §9: 8000 ms between slides, 1.2 s fade. */
export const HERO_ADVANCE_MS = 8000
export const HERO_FADE_MS = 1200

/** The next index after moving by `step`, wrapping both ways. */
export function wrapIndex(index: number, step: number, count: number) {
  return (((index + step) % count) + count) % count
}
