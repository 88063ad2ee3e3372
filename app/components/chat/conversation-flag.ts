// Set once this browser has a conversation, so later pages load the chat at once and listen for
// replies; without it the chat's code waits for the button.
const ACTIVE_KEY = 'roswell-chat-active'

export function hasConversationHere() {
  try {
    return localStorage.getItem(ACTIVE_KEY) === '1'
  } catch {
    return false
  }
}

export function markConversationHere() {
  try {
    localStorage.setItem(ACTIVE_KEY, '1')
  } catch {
    // private mode: the transcript is still restored when the panel opens
  }
}
