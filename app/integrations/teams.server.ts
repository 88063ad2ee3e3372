/** The Teams card as stored in the outbox. */
export type TeamsCard = Record<string, unknown>

const TIMEOUT_MS = 10_000

/** Posts the card to the incoming webhook; any answer but 2xx is a failure the outbox retries. */
export async function postToTeams(webhookUrl: string, card: TeamsCard) {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(card),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) {
    // The answer's text goes into the error's cause, kept with the outbox attempt in the database
    // and never logged: a webhook may quote the card, and the card holds what the visitor wrote.
    const body = (await response.text().catch(() => '')).slice(0, 200)
    throw new Error(`Teams answered ${response.status}`, { cause: body || undefined })
  }
}

// Teams Workflows webhooks (which replace the retired Office 365 connectors and their MessageCard)
// take a message with one Adaptive Card attached. Whatever a visitor typed goes into TextRun
// elements, which Adaptive Cards never read as Markdown, so it shows exactly as typed and can't
// add links or formatting; our own labels use TextBlocks.

type CardElement = Record<string, unknown>

const label = (text: string): CardElement => ({ type: 'TextRun', text, weight: 'Bolder' })
const plain = (text: string): CardElement => ({ type: 'TextRun', text })

/** A labelled line: "Name: Alex Kim", the value as plain text. */
function fact(name: string, value: string): CardElement {
  return { type: 'RichTextBlock', inlines: [label(`${name}: `), plain(value)] }
}

/** Visitor text, one block per line so line breaks survive every Teams client. */
function paragraphs(text: string): CardElement[] {
  return text.split(/\r?\n/).map((line) => ({ type: 'RichTextBlock', inlines: [plain(line === '' ? ' ' : line)] }))
}

/**
 * The message Teams Workflows expect: type "message" with one Adaptive Card attachment. (No
 * `$schema` key: it is optional, and the card is stored in the outbox, where MongoDB and FerretDB
 * refuse field names that start with `$`.)
 */
export function adaptiveCardMessage(body: CardElement[], actions: CardElement[] = []): TeamsCard {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          type: 'AdaptiveCard',
          version: '1.4',
          msteams: { width: 'Full' },
          body,
          actions,
        },
      },
    ],
  }
}

/** A readable card: who wrote, how to reach them, and what they wrote. */
export function chatCard({
  name,
  email,
  message,
  siteUrl,
  conversationUrl,
}: {
  name?: string
  email?: string
  message: string
  siteUrl: string
  /** The conversation in /admin/chats, where staff answer. */
  conversationUrl?: string
}): TeamsCard {
  return adaptiveCardMessage(
    [
      { type: 'TextBlock', text: 'New support chat message from the website', weight: 'Bolder', size: 'Medium', wrap: true },
      fact('Name', name ?? 'Not provided'),
      fact('Email', email ?? 'Not provided'),
      fact('Site', siteUrl),
      { type: 'TextBlock', text: 'Message', weight: 'Bolder', spacing: 'Medium', wrap: true },
      ...paragraphs(message),
    ],
    [
      conversationUrl
        ? { type: 'Action.OpenUrl', title: 'Answer in the chat', url: conversationUrl }
        : { type: 'Action.OpenUrl', title: 'Open the staff area', url: `${siteUrl}/admin` },
    ],
  )
}
