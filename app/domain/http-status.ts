// SPEC §2 Access logs: status code names and bar colours.
const STATUS_NAMES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Server Error',
}

export function statusName(code: number): string {
  return STATUS_NAMES[code] ?? 'Unknown'
}

export type StatusColour = 'green' | 'blue' | 'orange' | 'red' | 'grey'

export function statusColour(code: number): StatusColour {
  if (code >= 200 && code < 300) return 'green'
  if (code >= 300 && code < 400) return 'blue'
  if (code >= 400 && code < 500) return 'orange'
  if (code >= 500 && code < 600) return 'red'
  return 'grey'
}

/** SPEC: success rate is the rounded percent of status 200 over all requests. */
export function successRatePercent(statusCounts: Record<string, number>, total: number): number {
  return total > 0 ? Math.round(((statusCounts['200'] ?? 0) / total) * 100) : 0
}
