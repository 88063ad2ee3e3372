/**
 * Rate limits count hits in fixed windows that start at multiples of their length since the epoch
 * (app/lib/rate-limit), on the clock the test servers share with the tests. A test that fills a
 * limit and then expects a refusal must send its hits inside one window: a burst that straddles a
 * boundary is counted in two and never reaches the limit. This waits, when the current window has
 * less than `burstMs` left, for the next one to begin.
 */
export async function untilBurstFitsInWindow(windowMs: number, burstMs: number) {
  const left = windowMs - (Date.now() % windowMs)
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 100))
}
