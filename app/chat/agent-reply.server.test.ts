import { describe, expect, it } from 'vitest'
import { agentReply } from './receive-chat.server'

describe("the chat's automatic reply", () => {
  it('mentions Microsoft Teams only when a Teams webhook is configured', () => {
    const withTeams = agentReply({ name: 'Riley', email: 'riley@example.com' }, { teamsConnected: true })
    const withoutTeams = agentReply({ name: 'Riley', email: 'riley@example.com' }, { teamsConnected: false })
    expect(withTeams).toContain('Microsoft Teams')
    expect(withoutTeams).not.toContain('Teams')
    expect(withoutTeams).toContain('saved for our technical team')
  })

  it('promises an e-mail reply only to a visitor who gave an address, and says how to hear back otherwise', () => {
    expect(agentReply({ name: 'Riley', email: 'riley@example.com' }, { teamsConnected: false })).toContain(
      'will reply to you here and by email at riley@example.com',
    )
    const anonymous = agentReply({}, { teamsConnected: false })
    expect(anonymous).not.toContain('by email')
    expect(anonymous).toContain('send us your e-mail address or call (888) 555-0142')
  })

  it('says someone will answer in a moment while staff are online, and when to expect an answer otherwise', () => {
    expect(agentReply({ name: 'Riley' }, { teamsConnected: true, availability: { online: true } })).toBe(
      'Thanks, Riley! A member of our team will answer you here in a moment.',
    )
    const fridayEvening = new Date('2026-11-27T23:00:00Z')
    const offline = { online: false, nextReplyBy: '2026-11-30T14:30:00.000Z' }
    expect(agentReply({ email: 'a@b.example' }, { teamsConnected: false, availability: offline }, fridayEvening)).toContain(
      'by email at a@b.example, usually by 9:30 AM ET Monday.',
    )
  })
})
