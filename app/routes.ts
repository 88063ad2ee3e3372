import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// The route table of SPEC §2, then the JSON API of SPEC §7.
export default [
  index('routes/home.tsx'),
  route('checkout/:planId?', 'routes/checkout.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('security-policy', 'routes/security-policy.tsx'),

  // Staff area: every loader and action starts with the admin guard. The staff pages share one
  // layout (header, buttons, error boundary); a new staff page goes inside it.
  route('admin-login', 'routes/admin-login.tsx'),
  route('admin-login/code', 'routes/admin-login-code.tsx'),
  route('set-password', 'routes/set-password.tsx'),
  route('logout', 'routes/logout.ts'),
  // "Confirm it's you" before removing two-step, resetting a password or adding an owner.
  route('admin/verify', 'routes/admin/verify.tsx'),
  route('admin/enquiries/export', 'routes/admin/enquiries-export.ts'),
  route('admin/enquiries/close', 'routes/admin/enquiries-close.ts'),
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/enquiries', 'routes/admin/enquiries.tsx'),
    // Each task on an enquiry is a nested route: its own action, shown inside the page when refused.
    route('admin/enquiries/:id', 'routes/admin/enquiry.tsx', [
      route('status', 'routes/admin/enquiry-status.tsx'),
      route('assign', 'routes/admin/enquiry-assign.tsx'),
      route('note', 'routes/admin/enquiry-note.tsx'),
      route('reply', 'routes/admin/enquiry-reply.tsx'),
    ]),
    route('admin/orders', 'routes/admin/orders.tsx'),
    route('admin/orders/export', 'routes/admin/orders-export.ts'),
    route('admin/orders/:orderId', 'routes/admin/order.tsx'),
    route('admin/orders/:orderId/cancel', 'routes/admin/order-subscription.tsx', { id: 'routes/admin/order-cancel' }),
    route('admin/orders/:orderId/resume', 'routes/admin/order-subscription.tsx', { id: 'routes/admin/order-resume' }),
    route('admin/logs', 'routes/admin/logs.tsx'),
    route('admin/chats', 'routes/admin/chats.tsx'),
    route('admin/chats/:id', 'routes/admin/chat.tsx', [
      route('reply', 'routes/admin/chat-reply.tsx'),
      route('assign', 'routes/admin/chat-assign.tsx'),
      route('close', 'routes/admin/chat-status.tsx', { id: 'routes/admin/chat-close' }),
      route('reopen', 'routes/admin/chat-status.tsx', { id: 'routes/admin/chat-reopen' }),
      route('display-name', 'routes/admin/chat-display-name.tsx'),
      route('saved-replies', 'routes/admin/chat-saved-reply.tsx'),
      route('saved-replies/:replyId/delete', 'routes/admin/chat-saved-reply-delete.tsx'),
    ]),
    route('admin/content', 'routes/admin/content.tsx'),
    route('admin/content/:kind', 'routes/admin/content-list.tsx'),
    route('admin/content/:kind/deleted', 'routes/admin/content-deleted.tsx'),
    route('admin/content/:kind/:id', 'routes/admin/content-edit.tsx'),
    // The editor's other tasks, each its own page or action: preview the unsaved form, delete, restore,
    // publish or hide, move up or down.
    route('admin/content/:kind/:id/preview', 'routes/admin/content-preview.tsx'),
    route('admin/content/:kind/:id/delete', 'routes/admin/content-delete.tsx'),
    route('admin/content/:kind/:id/restore', 'routes/admin/content-restore.ts'),
    route('admin/content/:kind/:id/visibility', 'routes/admin/content-visibility.ts'),
    route('admin/content/:kind/:id/move', 'routes/admin/content-move.ts'),
    // One's own account: each task a nested route, its form shown again inside the page when refused.
    route('admin/account', 'routes/admin/account.tsx', [
      route('password', 'routes/admin/account-password.tsx'),
      route('two-step/start', 'routes/admin/account-two-step-start.ts'),
      route('two-step/cancel', 'routes/admin/account-two-step-cancel.ts'),
      route('two-step/confirm', 'routes/admin/account-two-step-confirm.tsx'),
      route('two-step/remove', 'routes/admin/account-two-step-remove.tsx'),
      route('two-step/recovery-codes', 'routes/admin/account-recovery-codes.tsx'),
    ]),
    // Owners only. Staff accounts, the same way; the account a task acts on is named in the address.
    route('admin/staff', 'routes/admin/staff.tsx', [
      route('add', 'routes/admin/staff-add.tsx'),
      route('two-step-policy', 'routes/admin/staff-two-step-policy.tsx'),
      route(':username/name', 'routes/admin/staff-name.tsx'),
      route(':username/role', 'routes/admin/staff-role.tsx'),
      route(':username/disable', 'routes/admin/staff-access.tsx', { id: 'routes/admin/staff-disable' }),
      route(':username/enable', 'routes/admin/staff-access.tsx', { id: 'routes/admin/staff-enable' }),
      route(':username/password-link', 'routes/admin/staff-password-link.tsx'),
      route(':username/two-step/remove', 'routes/admin/staff-two-step-remove.tsx'),
    ]),
    route('admin/audit', 'routes/admin/audit.tsx'),
    route('admin/privacy', 'routes/admin/privacy.tsx'),
  ]),
  // The personal-data page's JSON download (owners only): a file, so outside the staff layout.
  route('admin/privacy/export', 'routes/admin/privacy-export.ts'),

  route('news', 'routes/news.tsx'),
  route('news/:slug', 'routes/news-article.tsx'),
  route('resources', 'routes/resources.tsx'),
  route('uploads/:file', 'routes/uploads.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('.well-known/security.txt', 'routes/security-txt.ts'),
  // A buyer's subscription: ask for a link by e-mail; the signed link opens Stripe's billing portal.
  route('manage-subscription', 'routes/manage-subscription.tsx'),
  route('manage-subscription/:orderId', 'routes/manage-subscription-order.tsx'),
  // The support chat as a page: without JavaScript, and for the link in a reply e-mail.
  route('chat', 'routes/chat.tsx'),
  // The link that confirms a chat visitor's e-mail address: a page with one button.
  route('chat/confirm-email', 'routes/chat-confirm-email.tsx'),

  ...prefix('api', [
    route('services', 'routes/api/services.ts'),
    route('solutions', 'routes/api/solutions.ts'),
    route('plans', 'routes/api/plans.ts'),
    route('update-plans', 'routes/api/update-plans.ts'),
    route('contact', 'routes/api/contact.ts'),
    route('teams-chat', 'routes/api/teams-chat.ts'),
    route('chat/messages', 'routes/api/chat-messages.ts'),
    route('chat/events', 'routes/api/chat-events.ts'),
    route('chat/page', 'routes/api/chat-page.ts'),
    route('create-payment-intent', 'routes/api/create-payment-intent.ts'),
    route('orders/:id', 'routes/api/orders.$id.ts'),
    route('orders/:id/update-status', 'routes/api/orders.$id.update-status.ts'),
    route('stripe/webhook', 'routes/api/stripe-webhook.ts'),
    route('admin/contacts', 'routes/api/admin/contacts.ts'),
    route('admin/contacts/:id', 'routes/api/admin/contacts.$id.ts'),
    route('admin/orders', 'routes/api/admin/orders.ts'),
    route('admin/orders/summary', 'routes/api/admin/orders-summary.ts'),
    route('admin/orders/:id', 'routes/api/admin/order.ts'),
    route('admin/orders/:id/cancel', 'routes/api/admin/order-subscription.ts', { id: 'api/admin/orders/:id/cancel' }),
    route('admin/orders/:id/resume', 'routes/api/admin/order-subscription.ts', { id: 'api/admin/orders/:id/resume' }),
    route('admin/logs', 'routes/api/admin/logs.ts'),
    route('admin/logs/analytics', 'routes/api/admin/logs-analytics.ts'),
    route('admin/logs/download', 'routes/api/admin/logs-download.ts'),
    route('admin/chats', 'routes/api/admin/chats.ts'),
    route('admin/chats/events', 'routes/api/admin/chat-events.ts'),
    route('admin/chats/:id', 'routes/api/admin/chat.ts'),
    route('admin/chats/:id/messages', 'routes/api/admin/chat-messages.ts'),
    route('admin/chats/:id/close', 'routes/api/admin/chat-close.ts'),
    route('admin/chats/:id/reopen', 'routes/api/admin/chat-reopen.ts'),
    // Staff content: one pair of modules serves every kind.
    route('admin/plans', 'routes/api/admin/content-collection.ts', { id: 'api/admin/plans' }),
    route('admin/plans/:id', 'routes/api/admin/content-record.ts', { id: 'api/admin/plans/:id' }),
    route('admin/services', 'routes/api/admin/content-collection.ts', { id: 'api/admin/services' }),
    route('admin/services/:id', 'routes/api/admin/content-record.ts', { id: 'api/admin/services/:id' }),
    route('admin/solutions', 'routes/api/admin/content-collection.ts', { id: 'api/admin/solutions' }),
    route('admin/solutions/:id', 'routes/api/admin/content-record.ts', { id: 'api/admin/solutions/:id' }),
    route('admin/testimonials', 'routes/api/admin/content-collection.ts', { id: 'api/admin/testimonials' }),
    route('admin/testimonials/:id', 'routes/api/admin/content-record.ts', { id: 'api/admin/testimonials/:id' }),
    route('admin/news', 'routes/api/admin/content-collection.ts', { id: 'api/admin/news' }),
    route('admin/news/:id', 'routes/api/admin/content-record.ts', { id: 'api/admin/news/:id' }),
    route('admin/uploads', 'routes/api/admin/uploads.ts'),
    // Owners only.
    route('admin/staff', 'routes/api/admin/staff.ts'),
    route('admin/staff/:id', 'routes/api/admin/staff.$id.ts'),
    route('admin/privacy', 'routes/api/admin/privacy.ts'),
    route('admin/privacy/export', 'routes/api/admin/privacy.export.ts'),
    route('admin/privacy/erase', 'routes/api/admin/privacy.erase.ts'),
    // Any other API path: a JSON 404 for every method.
    route('*', 'routes/api/not-found.ts'),
  ]),

  // Any other path: the 404 page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
