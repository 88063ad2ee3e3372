import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes'

// The route table of SPEC §2, then the JSON API of SPEC §7.
export default [
  index('routes/home.tsx'),

  // Staff area: every loader and action starts with the admin guard.
  route('admin-login', 'routes/admin-login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('admin', 'routes/admin/dashboard.tsx'),
  route('admin/orders', 'routes/admin/orders.tsx'),
  route('admin/orders/:orderId', 'routes/admin/order.tsx'),
  route('admin/logs', 'routes/admin/logs.tsx'),

  ...prefix('api', [
    route('services', 'routes/api/services.ts'),
    route('solutions', 'routes/api/solutions.ts'),
    route('plans', 'routes/api/plans.ts'),
    route('update-plans', 'routes/api/update-plans.ts'),
    route('admin/contacts', 'routes/api/admin/contacts.ts'),
    route('admin/logs', 'routes/api/admin/logs.ts'),
    route('admin/logs/analytics', 'routes/api/admin/logs-analytics.ts'),
    route('admin/logs/download', 'routes/api/admin/logs-download.ts'),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
