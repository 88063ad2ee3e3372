/**
 * SPEC §4 list states as a section receives them: null while loading (skeletons), ok: false when
 * the list failed (red error text), otherwise the items. The home loader awaits the lists, so the
 * server-rendered page is already 'loaded'; null is for a list the browser is still fetching.
 */
export type ListState<T> = { ok: true; items: T[] } | { ok: false } | null
