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
      'will reply to you by email at riley@example.com',
    )
    const anonymous = agentReply({}, { teamsConnected: false })
    expect(anonymous).not.toContain('will reply')
    expect(anonymous).toContain('send us your e-mail address or call (888) 555-0142')
  })
})
