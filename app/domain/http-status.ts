// SPEC §2 Access logs: status code names and bar colours. SPEC's list first (its 500 reads
// 'Server Error'), then every other code IANA's registry names. Codes it leaves unnamed (306 and
// 418 are '(Unused)') or never assigned stay 'Unknown', SPEC's word for them.
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
  100: 'Continue',
  101: 'Switching Protocols',
  102: 'Processing',
  103: 'Early Hints',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  205: 'Reset Content',
  206: 'Partial Content',
  207: 'Multi-Status',
  208: 'Already Reported',
  226: 'IM Used',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  402: 'Payment Required',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
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
