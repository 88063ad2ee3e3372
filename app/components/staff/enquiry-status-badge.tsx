import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '#app/domain/enquiry'

const LOOKS: Record<EnquiryStatus, string> = {
  new: 'bg-amber-100 text-amber-900 ring-1 ring-amber-400',
  contacted: 'bg-sky-100 text-sky-900',
  closed: 'bg-slate-200 text-slate-700',
}

/** An enquiry's status in words; a new one stands out. */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span
      data-testid="enquiry-status"
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${LOOKS[status]}`}
    >
      {ENQUIRY_STATUS_LABELS[status]}
    </span>
  )
}
