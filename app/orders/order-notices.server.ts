import { ADDRESS_LINES, BUSINESS, CLOUD_BACKUP_NAME } from '#app/domain/business'
import { formatDollars, getMs365Option, parseMs365Option, pluralizeUsers } from '#app/domain/pricing'
import { adaptiveCardMessage, type TeamsCard } from '#app/integrations/teams.server'
import type { MailPayload } from '#app/integrations/mail/smtp.server'
import { MANAGE_LINK_DAYS } from './manage-link.server'

// The words of the order notices: the buyer's confirmation, the staff e-mail and Teams card for a
// new order, and the staff e-mail for a renewal Stripe could not charge. Pure: the caller queues them.

export type NoticeOrder = {
  id: string
  name: string | null
  email: string | null
  phone?: string | null
  planName: string
  ms365Option: string
  ms365Users: number
  includeCloudBackup: boolean
  amount: number
  nextBillingDate: Date | null
}

function oneLine(text: string) {
  return text.replace(/[\r\n\t]+/g, ' ').trim()
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'long', day: 'numeric' })

/** The order's lines in words, the same for the buyer and staff. */
function orderFacts(order: NoticeOrder): Array<[string, string]> {
  const option = getMs365Option(parseMs365Option(order.ms365Option))
  return [
    ['Plan', order.planName],
    ['Microsoft 365', option.id === 'none' ? 'None' : `${option.label}, ${pluralizeUsers(order.ms365Users)}`],
    ['Cloud backup', order.includeCloudBackup ? `${CLOUD_BACKUP_NAME}, ${pluralizeUsers(order.ms365Users)}` : 'Not included'],
    ['Monthly total', `${formatDollars(order.amount)} per month`],
    ['Next billing date', order.nextBillingDate ? longDate(order.nextBillingDate) : 'One month after your first payment'],
  ]
}

const CONTACT_LINES = [
  BUSINESS.name,
  ...ADDRESS_LINES,
  `Phone: ${BUSINESS.phone.display}`,
  `E-mail: ${BUSINESS.email}`,
  BUSINESS.hours.weekdays,
]

const FONT = 'font-family:Arial,Helvetica,sans-serif'
const PARAGRAPH = 'margin:0 0 16px'

/**
 * A buyer's e-mail in HTML: the company's name over a white card at most 600 px wide, in tables and
 * inline styles, as mail clients (Outlook, Gmail, phones) render them alike.
 */
function buyerEmailHtml(title: string, content: string[]) {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f1f5f9;${FONT};color:#0f172a">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">',
    `<tr><td style="padding:18px 24px;border-bottom:1px solid #e2e8f0;${FONT};font-size:18px;font-weight:700;color:#1e3a8a">${escapeHtml(BUSINESS.name)}</td></tr>`,
    `<tr><td style="padding:24px;${FONT};font-size:16px;line-height:1.5;color:#0f172a">${content.join('')}</td></tr>`,
    '</table>',
    `<p style="margin:16px 0 0;${FONT};font-size:12px;line-height:1.5;color:#64748b">${escapeHtml([BUSINESS.name, ...ADDRESS_LINES].join(' · '))}</p>`,
    '</td></tr></table></body></html>',
  ].join('')
}

function buttonHtml(href: string, label: string) {
  return `<p style="margin:24px 0 8px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:700">${escapeHtml(label)}</a></p>`
}

/** How to reach the office, with the phone and e-mail as links. */
function contactHtml() {
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(text)}</a>`
  return [
    `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:14px;line-height:1.6;color:#334155">`,
    `Questions? We are here to help.<br>`,
    `Call ${link(BUSINESS.phone.href, BUSINESS.phone.display)} or write to ${link(`mailto:${BUSINESS.email}`, BUSINESS.email)}<br>`,
    `${escapeHtml(BUSINESS.hours.weekdays)}</p>`,
  ].join('')
}

/** The buyer's confirmation: what they bought, what it costs, and the link to manage it. */
export function buyerConfirmation(order: NoticeOrder & { email: string }, manageUrl: string): MailPayload {
  const facts = orderFacts(order)
  const greeting = order.name ? `Hello ${oneLine(order.name)},` : 'Hello,'
  // Where a buyer asks for a fresh link when this one has expired.
  const requestUrl = new URL('/manage-subscription', manageUrl).href
  const text = [
    greeting,
    '',
    `Thank you for your order with ${BUSINESS.name}. Your first payment has been received and your subscription is active.`,
    '',
    ...facts.map(([label, value]) => `${`${label}:`.padEnd(19)}${value}`),
    '',
    `Manage your subscription (update your card, see invoices, change users or cancel):`,
    manageUrl,
    `This link works for ${MANAGE_LINK_DAYS} days. For a new one, enter your e-mail address at ${requestUrl}`,
    '',
    'Questions? We are here to help:',
    ...CONTACT_LINES,
    '',
    `Order reference: ${order.id}`,
  ].join('\n')
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:8px 16px 8px 0;border-top:1px solid #e2e8f0;font-weight:700;font-size:15px;width:40%">${escapeHtml(label)}</th><td valign="top" style="padding:8px 0;border-top:1px solid #e2e8f0;font-size:15px">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const subject = `Your ${oneLine(order.planName)} plan with ${BUSINESS.name} is active`
  const html = buyerEmailHtml(subject, [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">Your subscription is active</h1>`,
    `<p style="${PARAGRAPH}">${escapeHtml(greeting)}</p>`,
    `<p style="${PARAGRAPH}">Thank you for your order with ${escapeHtml(BUSINESS.name)}. Your first payment has been received and your subscription is active.</p>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;border-bottom:1px solid #e2e8f0">${rows}</table>`,
    buttonHtml(manageUrl, 'Manage your subscription'),
    `<p style="margin:0;font-size:14px;line-height:1.5;color:#475569">Update your card, see invoices, change the number of users or cancel. This link works for ${MANAGE_LINK_DAYS} days; for a new one, enter your e-mail address at <a href="${escapeHtml(requestUrl)}" style="color:#1d4ed8">${escapeHtml(requestUrl.replace(/^https?:\/\//, ''))}</a>.</p>`,
    contactHtml(),
    `<p style="margin:16px 0 0;font-size:12px;color:#64748b">Order reference: ${escapeHtml(order.id)}</p>`,
  ])
  return { to: order.email, subject, text, html }
}

function buyerLines(order: NoticeOrder) {
  return [
    `Name:    ${order.name ? oneLine(order.name) : 'Not given'}`,
    `Email:   ${order.email ?? 'Not given'}`,
    `Phone:   ${order.phone ? oneLine(order.phone) : 'Not given'}`,
  ]
}

/** The staff e-mail for a newly paid order, to CONTACT_TO. */
export function staffNewOrder(order: NoticeOrder, siteUrl: string): MailPayload {
  return {
    subject: oneLine(
      `New order: ${order.planName} plan, ${formatDollars(order.amount)}/month${order.name ? ` from ${order.name}` : ''}`,
    ).slice(0, 200),
    ...(order.email ? { replyTo: order.email } : {}),
    text: [
      'A new subscription was paid on the website.',
      '',
      ...buyerLines(order),
      '',
      ...orderFacts(order).map(([label, value]) => `${`${label}:`.padEnd(19)}${value}`),
      '',
      `The order: ${siteUrl}/admin/orders/${order.id}`,
    ].join('\n'),
  }
}

/** The Teams card for a newly paid order. */
export function newOrderCard(order: NoticeOrder, siteUrl: string): TeamsCard {
  const fact = (name: string, value: string) => ({
    type: 'RichTextBlock',
    inlines: [
      { type: 'TextRun', text: `${name}: `, weight: 'Bolder' },
      { type: 'TextRun', text: value },
    ],
  })
  return adaptiveCardMessage(
    [
      { type: 'TextBlock', text: 'New order from the website', weight: 'Bolder', size: 'Medium', wrap: true },
      fact('Name', order.name ?? 'Not given'),
      fact('Email', order.email ?? 'Not given'),
      ...orderFacts(order).map(([label, value]) => fact(label, value)),
    ],
    [{ type: 'Action.OpenUrl', title: 'Open the order', url: `${siteUrl}/admin/orders/${order.id}` }],
  )
}

/** The staff e-mail for a renewal Stripe could not charge. */
export function staffPastDue(order: NoticeOrder, siteUrl: string): MailPayload {
  return {
    subject: oneLine(`Payment failed: ${order.planName} plan${order.name ? ` of ${order.name}` : ''} is past due`).slice(0, 200),
    ...(order.email ? { replyTo: order.email } : {}),
    text: [
      'Stripe could not charge a renewal of this subscription; the order is now past due.',
      'Stripe retries the card on its own schedule; the buyer can update the card from their manage link.',
      '',
      ...buyerLines(order),
      `Monthly total: ${formatDollars(order.amount)}`,
      '',
      `The order: ${siteUrl}/admin/orders/${order.id}`,
    ].join('\n'),
  }
}

/** The fresh links a buyer asked for at /manage-subscription, one per subscription. */
export function manageLinksMail(to: string, name: string | null, links: Array<{ planName: string; url: string }>): MailPayload {
  const greeting = name ? `Hello ${oneLine(name)},` : 'Hello,'
  const intro = `Here ${links.length === 1 ? 'is the link' : 'are the links'} to manage your subscription with ${BUSINESS.name}: update your card, see invoices, change users or cancel.`
  const text = [
    greeting,
    '',
    intro,
    '',
    ...links.flatMap((link) => [`${link.planName} plan:`, link.url, '']),
    `Each link works for ${MANAGE_LINK_DAYS} days. If you did not ask for this, you can ignore this e-mail.`,
    '',
    ...CONTACT_LINES,
  ].join('\n')
  const subject = `Manage your subscription with ${BUSINESS.name}`
  const html = buyerEmailHtml(subject, [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">Manage your subscription</h1>`,
    `<p style="${PARAGRAPH}">${escapeHtml(greeting)}</p><p style="${PARAGRAPH}">${escapeHtml(intro)}</p>`,
    ...links.map((link) => buttonHtml(link.url, `Manage your ${link.planName} plan`)),
    `<p style="margin:16px 0 0;font-size:14px;line-height:1.5;color:#475569">Each link works for ${MANAGE_LINK_DAYS} days. If you did not ask for this, you can ignore this e-mail.</p>`,
    contactHtml(),
  ])
  return { to, subject, text, html }
}
