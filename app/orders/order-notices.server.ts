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

/** The buyer's confirmation: what they bought, what it costs, and the link to manage it. */
export function buyerConfirmation(order: NoticeOrder & { email: string }, manageUrl: string): MailPayload {
  const facts = orderFacts(order)
  const greeting = order.name ? `Hello ${oneLine(order.name)},` : 'Hello,'
  const text = [
    greeting,
    '',
    `Thank you for your order with ${BUSINESS.name}. Your first payment has been received and your subscription is active.`,
    '',
    ...facts.map(([label, value]) => `${`${label}:`.padEnd(19)}${value}`),
    '',
    `Manage your subscription (update your card, see invoices, change users or cancel):`,
    manageUrl,
    `This link works for ${MANAGE_LINK_DAYS} days. For a new one, enter your e-mail address at the same page.`,
    '',
    'Questions? We are here to help:',
    ...CONTACT_LINES,
    '',
    `Order reference: ${order.id}`,
  ].join('\n')
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Thank you for your order with ${escapeHtml(BUSINESS.name)}. Your first payment has been received and your subscription is active.</p>`,
    `<table role="presentation" style="border-collapse:collapse">${rows}</table>`,
    `<p><a href="${escapeHtml(manageUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">Manage your subscription</a></p>`,
    `<p style="font-size:14px;color:#475569">Update your card, see invoices, change the number of users or cancel. This link works for ${MANAGE_LINK_DAYS} days; for a new one, enter your e-mail address on the same page.</p>`,
    `<p>Questions? We are here to help:<br>${CONTACT_LINES.map(escapeHtml).join('<br>')}</p>`,
    `<p style="font-size:12px;color:#64748b">Order reference: ${escapeHtml(order.id)}</p>`,
    '</body></html>',
  ].join('')
  return { to: order.email, subject: `Your ${oneLine(order.planName)} plan with ${BUSINESS.name} is active`, text, html }
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
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>`,
    ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">Manage your ${escapeHtml(link.planName)} plan</a></p>`),
    `<p style="font-size:14px;color:#475569">Each link works for ${MANAGE_LINK_DAYS} days. If you did not ask for this, you can ignore this e-mail.</p>`,
    `<p>${CONTACT_LINES.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('')
  return { to, subject: `Manage your subscription with ${BUSINESS.name}`, text, html }
}
