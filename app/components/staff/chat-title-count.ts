/** "(3) Chats": the unread count first in the title bar, where a staff member sees it from another tab. */
export function withUnreadCount(title: string, unread: number) {
  return unread > 0 ? `(${unread}) ${title}` : title
}
