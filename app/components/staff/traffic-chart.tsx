import { useId } from 'react'
import { describeTraffic, type HourlyTraffic } from '#app/domain/access-analytics'
import { formatDayHour, formatHour } from '#app/domain/admin-format'
import { Card } from './card'

// The last 24 hours as a picture: requests (bars) and unique visitors (line) per hour, and error
// responses per hour below (4xx and 5xx stacked). Plain SVG drawn on the server, so it shows
// without JavaScript, prints, and costs no chart library; the same figures are in a table and a
// summary sentence for screen readers and for anyone who prefers numbers.

// SVG text scales with the drawing, so a phone gets a drawing of its own, about as wide as its
// screen, with fewer hour labels: its text then reads at about 12 px instead of 5.
type Layout = {
  width: number
  left: number
  right: number
  trafficTop: number
  trafficHeight: number
  errorsTop: number
  errorsHeight: number
  axisY: number
  height: number
  fontSize: number
  labelEvery: number
}
const WIDE: Layout = {
  width: 720,
  left: 52,
  right: 12,
  trafficTop: 12,
  trafficHeight: 150,
  errorsTop: 196,
  errorsHeight: 56,
  axisY: 272,
  height: 284,
  fontSize: 11,
  labelEvery: 3,
}
const NARROW: Layout = {
  width: 340,
  left: 44,
  right: 8,
  trafficTop: 12,
  trafficHeight: 170,
  errorsTop: 222,
  errorsHeight: 60,
  axisY: 306,
  height: 318,
  fontSize: 13,
  labelEvery: 6,
}

const COLOURS = { requests: '#1d4ed8', visitors: '#047857', clientErrors: '#ea580c', serverErrors: '#dc2626' } as const

/** A round axis maximum at or above `value`: 1, 2 or 5 times a power of ten. */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power
  return 10 * power
}

const count = (value: number) => value.toLocaleString('en-US')

function hourTitle(hour: HourlyTraffic) {
  return (
    `${formatDayHour(hour.hour)} ET: ${count(hour.requests)} requests, ${count(hour.uniqueVisitors)} unique visitors, ` +
    `${count(hour.clientErrors)} client errors, ${count(hour.serverErrors)} server errors`
  )
}

export function TrafficChart({ hours }: { hours: HourlyTraffic[] }) {
  const id = useId()
  const summary = describeTraffic(hours)

  return (
    <Card region headingId={`${id}-heading`} title="Traffic by hour (Eastern time)" data-testid="traffic-chart">
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        <Legend colour={COLOURS.requests} label="Requests" />
        <Legend colour={COLOURS.visitors} label="Unique visitors" line />
        <Legend colour={COLOURS.clientErrors} label="Client errors (4xx)" />
        <Legend colour={COLOURS.serverErrors} label="Server errors (5xx)" />
      </ul>
      <ChartDrawing hours={hours} layout={WIDE} id={id} summaryId={`${id}-summary`} className="mt-4 hidden h-auto w-full sm:block" />
      <ChartDrawing
        hours={hours}
        layout={NARROW}
        id={`${id}-narrow`}
        summaryId={`${id}-summary`}
        className="mt-4 h-auto w-full sm:hidden"
        narrow
      />
      <p id={`${id}-summary`} className="mt-3 text-sm text-slate-700" data-testid="traffic-summary">
        {summary}
      </p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 print:hidden">Hourly figures as a table</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Requests, unique visitors and error responses per hour, Eastern time</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Hour (ET)
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  Requests
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  Unique visitors
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  4xx
                </th>
                <th scope="col" className="py-1 text-right">
                  5xx
                </th>
              </tr>
            </thead>
            <tbody>
              {hours.map((hour) => (
                <tr key={hour.hour} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {formatDayHour(hour.hour)}
                  </th>
                  <td className="py-1 pr-4 text-right">{count(hour.requests)}</td>
                  <td className="py-1 pr-4 text-right">{count(hour.uniqueVisitors)}</td>
                  <td className="py-1 pr-4 text-right">{count(hour.clientErrors)}</td>
                  <td className="py-1 text-right">{count(hour.serverErrors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  )
}

function Legend({ colour, label, line = false }: { colour: string; label: string; line?: boolean }) {
  return (
    <li className="flex items-center gap-2">
      <span className={line ? 'h-0.5 w-4' : 'size-3 rounded-sm'} style={{ backgroundColor: colour }} />
      {label}
    </li>
  )
}

function ChartDrawing({
  hours,
  layout: L,
  id,
  summaryId,
  className,
  narrow = false,
}: {
  hours: HourlyTraffic[]
  layout: Layout
  id: string
  summaryId: string
  className: string
  /** The phone's drawing: its hours carry no data-hour, so each hour is marked once in the page. */
  narrow?: boolean
}) {
  const slot = (L.width - L.left - L.right) / hours.length
  const barWidth = slot * 0.7
  const x = (index: number) => L.left + index * slot + (slot - barWidth) / 2
  const trafficMax = niceCeiling(Math.max(...hours.map((hour) => Math.max(hour.requests, hour.uniqueVisitors))))
  const errorsMax = niceCeiling(Math.max(...hours.map((hour) => hour.clientErrors + hour.serverErrors)))
  const trafficY = (value: number) => L.trafficTop + L.trafficHeight - (value / trafficMax) * L.trafficHeight
  const errorsHeight = (value: number) => (value / errorsMax) * L.errorsHeight
  const visitorsLine = hours.map((hour, index) => `${x(index) + barWidth / 2},${trafficY(hour.uniqueVisitors)}`).join(' ')
  return (
    <svg
      viewBox={`0 0 ${L.width} ${L.height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={summaryId}
      className={className}
      fontSize={L.fontSize}
      fontFamily="inherit"
    >
      <title id={`${id}-title`}>Requests, unique visitors and error responses per hour, last 24 hours</title>

      {/* Gridlines with their values: traffic at 0, half and the top; errors at 0 and the top. */}
      {[0, trafficMax / 2, trafficMax].map((value) => (
        <g key={`t${value}`}>
          <line x1={L.left} x2={L.width - L.right} y1={trafficY(value)} y2={trafficY(value)} stroke="#e2e8f0" />
          <text x={L.left - 6} y={trafficY(value) + 4} textAnchor="end" fill="#475569">
            {count(value)}
          </text>
        </g>
      ))}
      {[0, errorsMax].map((value) => (
        <g key={`e${value}`}>
          <line
            x1={L.left}
            x2={L.width - L.right}
            y1={L.errorsTop + L.errorsHeight - errorsHeight(value)}
            y2={L.errorsTop + L.errorsHeight - errorsHeight(value)}
            stroke="#e2e8f0"
          />
          <text x={L.left - 6} y={L.errorsTop + L.errorsHeight - errorsHeight(value) + 4} textAnchor="end" fill="#475569">
            {count(value)}
          </text>
        </g>
      ))}
      <text x={L.left} y={L.errorsTop - 8} fill="#475569">
        Errors
      </text>

      {hours.map((hour, index) => {
        const clientHeight = errorsHeight(hour.clientErrors)
        const serverHeight = errorsHeight(hour.serverErrors)
        return (
          <g key={hour.hour} data-hour={narrow ? undefined : hour.hour}>
            <title>{hourTitle(hour)}</title>
            <rect
              x={x(index)}
              y={trafficY(hour.requests)}
              width={barWidth}
              height={L.trafficTop + L.trafficHeight - trafficY(hour.requests)}
              fill={COLOURS.requests}
              opacity="0.85"
            />
            <rect
              x={x(index)}
              y={L.errorsTop + L.errorsHeight - serverHeight}
              width={barWidth}
              height={serverHeight}
              fill={COLOURS.serverErrors}
            />
            <rect
              x={x(index)}
              y={L.errorsTop + L.errorsHeight - serverHeight - clientHeight}
              width={barWidth}
              height={clientHeight}
              fill={COLOURS.clientErrors}
            />
            {index % L.labelEvery === 0 ? (
              <text x={x(index) + barWidth / 2} y={L.axisY + 8} textAnchor="middle" fill="#475569">
                {formatHour(hour.hour)}
              </text>
            ) : null}
          </g>
        )
      })}
      <polyline points={visitorsLine} fill="none" stroke={COLOURS.visitors} strokeWidth="2" strokeLinejoin="round" />
      {hours.map((hour, index) => (
        <circle key={hour.hour} cx={x(index) + barWidth / 2} cy={trafficY(hour.uniqueVisitors)} r="2.5" fill={COLOURS.visitors} />
      ))}
    </svg>
  )
}
