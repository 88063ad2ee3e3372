import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes'

// The route table of SPEC §2, then the JSON API of SPEC §7.
export default [
  index('routes/home.tsx'),

  ...prefix('api', [
    route('services', 'routes/api/services.ts'),
    route('solutions', 'routes/api/solutions.ts'),
    route('plans', 'routes/api/plans.ts'),
    route('contact', 'routes/api/contact.ts'),
    route('teams-chat', 'routes/api/teams-chat.ts'),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
