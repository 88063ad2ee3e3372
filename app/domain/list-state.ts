/**
 * SPEC §4 list states as a page receives them: the items, or ok: false when the list failed (its
 * section shows the red error text alone). Loaders await their lists, so a page is never shown
 * 'loading': the spec's skeletons have nothing to stand in for.
 */
export type ListState<T> = { ok: true; items: T[] } | { ok: false }
