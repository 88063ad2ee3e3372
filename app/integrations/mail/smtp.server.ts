import type { Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import { inSpan } from '#app/lib/observability/tracing.server'

/** A staff notification as stored in the outbox; addresses come from the configuration at send time. */
export type MailPayload = {
  subject: string
  text: string
  /** An HTML alternative built by our own templates, every value escaped; never a visitor's markup. */
  html?: string
  replyTo?: string
  /** A visitor's address (a chat reply); unset: the staff address, CONTACT_TO. */
  to?: string
}
export type MailSettings = { smtpUrl?: string; to?: string; from: string }

const transports = new Map<string, Transporter>()

async function transportFor(smtpUrl: string) {
  // Loaded at the first message sent, not at every start (half a second on a busy machine).
  const { default: nodemailer } = await import('nodemailer')
  let transport = transports.get(smtpUrl)
  if (!transport) {
    // Short timeouts: a stuck mail server must not hold a delivery slot for minutes; the outbox retries.
    // Settings in the URL's query (?socketTimeout=...) win over these defaults.
    const options: SMTPTransport.Options = { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }
    transport = nodemailer.createTransport(options)
    transports.set(smtpUrl, transport)
  }
  return transport
}

export function isMailConfigured(settings: MailSettings): settings is MailSettings & { smtpUrl: string; to: string } {
  return Boolean(settings.smtpUrl && settings.to)
}

/**
 * Sends a plain-text message, with an HTML part only where our own template built one (values
 * escaped, so nothing a visitor typed can become markup).
 * `messageId` names it (`<id@domain>`), so repeated sends of one notification are recognisable.
 */
export async function sendMail(settings: MailSettings, mail: MailPayload, { messageId }: { messageId?: string } = {}) {
  if (!isMailConfigured(settings)) throw new Error('SMTP_URL or CONTACT_TO is unset')
  const server = new URL(settings.smtpUrl)
  // The span names the server, never the addresses or the text.
  const transport = await transportFor(settings.smtpUrl)
  await inSpan('smtp send', { 'server.address': server.hostname, 'server.port': Number(server.port) || 0 }, () =>
    transport.sendMail({
      from: settings.from,
      to: mail.to ?? settings.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      messageId,
    }),
  )
}
