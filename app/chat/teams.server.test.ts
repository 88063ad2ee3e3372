import { describe, expect, it } from 'vitest'
import { chatCard, escapeForTeams } from './teams.server'

describe('the Teams card for a chat message', () => {
  it('shows what the visitor typed as text: no links, formatting or markup', () => {
    expect(escapeForTeams('**bold** <img src=x onerror=alert(1)> [link](http://x.example)')).toBe(
      '\\*\\*bold\\*\\* &lt;img src=x onerror=alert\\(1\\)&gt; \\[link\\]\\(http://x\\.example\\)',
    )
  })

  it('keeps line breaks readable in Teams', () => {
    expect(escapeForTeams('line one\nline two')).toBe('line one\n\nline two')
  })

  it('names the visitor and their e-mail address, or says they were not given', () => {
    const card = chatCard({ message: 'Help', siteUrl: 'https://roswell.example' })
    expect(card.summary).toBe('Website chat from A website visitor')
    const section = (card.sections as { facts: { name: string; value: string }[]; activitySubtitle: string }[])[0]
    expect(section?.facts).toContainEqual({ name: 'Email', value: 'Not provided' })
    expect(section?.activitySubtitle).toBe('No e-mail address given')
  })
})
