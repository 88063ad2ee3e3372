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

// Teams renders a subset of Markdown and HTML in card text: escape both, so a visitor's message
// shows exactly as typed and can't add links, formatting or markup.
export function escapeForTeams(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+\-.!|~])/g, '\\$1')
    .replace(/\r?\n/g, '\n\n')
}

/** A readable MessageCard: who wrote, how to reach them, and what they wrote. */
export function chatCard({
  name,
  email,
  message,
  siteUrl,
}: {
  name?: string
  email?: string
  message: string
  siteUrl: string
}): TeamsCard {
  const who = name ?? 'A website visitor'
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: `Website chat from ${who}`.slice(0, 120),
    themeColor: '1D4ED8',
    title: 'New support chat message from the website',
    sections: [
      {
        activityTitle: escapeForTeams(who),
        activitySubtitle: email ? escapeForTeams(email) : 'No e-mail address given',
        facts: [
          { name: 'Name', value: escapeForTeams(name ?? 'Not provided') },
          { name: 'Email', value: escapeForTeams(email ?? 'Not provided') },
          { name: 'Site', value: escapeForTeams(siteUrl) },
        ],
        text: escapeForTeams(message),
      },
    ],
  }
}
