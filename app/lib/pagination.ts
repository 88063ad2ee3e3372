/** Which page to show of `total` items, `perPage` at a time: a wanted page out of range is clamped. */
export function pageWindow(total: number, wantedPage: number, perPage: number) {
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(1, Math.floor(wantedPage) || 1), pageCount)
  return { page, pageCount, skip: (page - 1) * perPage, limit: perPage }
}
