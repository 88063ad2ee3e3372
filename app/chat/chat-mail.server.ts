import { BUSINESS } from '#app/domain/business'
import type { MailPayload } from '#app/integrations/mail/smtp.server'

// The chat's e-mails: plain text only (no HTML part), so nothing a visitor or staff member typed
// can become markup or a link that was not written out in full.

function oneLine(text: string) {
  return text.replace(/[\r\n\t]+/g, ' ').trim()
}

/** To staff, for a visitor message outside business hours (Teams gets every message). */
export function afterHoursChatNotification(chat: {
  name?: string
  email?: string
  /** Whether the visitor confirmed the address: an unconfirmed one may be anyone's, so it is no Reply-To. */
  emailConfirmed?: boolean
  message: string
  conversationUrl: string
  at: Date
}): MailPayload {
  return {
    subject: oneLine(`Website chat after hours from ${chat.name ?? 'a visitor'}`).slice(0, 200),
    ...(chat.email && chat.emailConfirmed ? { replyTo: chat.email } : {}),
    text: [
      `A visitor wrote in the support chat of ${BUSINESS.name} outside business hours.`,
      '',
      `Name:     ${chat.name ? oneLine(chat.name) : 'Not provided'}`,
      `Email:    ${chat.email ? `${chat.email}${chat.emailConfirmed ? '' : ' (not confirmed yet: answer in the chat)'}` : 'Not provided'}`,
      `Received: ${chat.at.toISOString()}`,
      '',
      'Message:',
      chat.message,
      '',
      `Answer in the chat: ${chat.conversationUrl}`,
    ].join('\n'),
  }
}

/**
 * To a visitor who was not on the site when staff answered: the replies, and a link that takes up
 * the conversation in the browser that opens it (single use, see chat/resume-token.server.ts).
 */
export function chatReplyEmail(chat: {
  to: string
  name?: string
  replies: { staffName?: string; text: string }[]
  resumeUrl: string
  validDays: number
}): MailPayload {
  const greeting = chat.name ? `Hello ${oneLine(chat.name)},` : 'Hello,'
  return {
    to: chat.to,
    subject: `${BUSINESS.name} answered your chat message`,
    replyTo: BUSINESS.email,
    text: [
      greeting,
      '',
      `You wrote to us in the support chat on our website. While you were away, we answered:`,
      '',
      ...chat.replies.flatMap((reply) => [`${reply.staffName ? oneLine(reply.staffName) : BUSINESS.shortName}:`, reply.text, '']),
      'To carry on the conversation, open this link (it works once, in one browser, for ' + `${chat.validDays} days):`,
      chat.resumeUrl,
      '',
      `Or reply to this e-mail, or call ${BUSINESS.phone.display} (${BUSINESS.hours.weekdays}).`,
      '',
      BUSINESS.name,
    ].join('\n'),
  }
}

/**
 * To a visitor who gave their address in the chat: a link to confirm it. Until they do, nothing
 * else is mailed to it (chat/email-confirmation.server.ts).
 */
export function chatEmailConfirmationMail(chat: { to: string; name?: string; confirmUrl: string; validHours: number }): MailPayload {
  const greeting = chat.name ? `Hello ${oneLine(chat.name)},` : 'Hello,'
  return {
    to: chat.to,
    subject: `Confirm your e-mail address for the ${BUSINESS.name} chat`,
    replyTo: BUSINESS.email,
    text: [
      greeting,
      '',
      'This address was given in the support chat on our website. To have our replies e-mailed to you',
      `when you are away from the chat, confirm it with this link (valid for ${chat.validHours} hours):`,
      chat.confirmUrl,
      '',
      'If you did not write to us, ignore this message: nothing more will be sent to this address.',
      '',
      BUSINESS.name,
    ].join('\n'),
  }
}
