import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // server.ts (Express) owns the HTTP server; this build is the request handler it mounts.
  serverModuleFormat: 'esm',
  // The browser gets every route's entry up front (a 4 KB file cached for a year) instead of asking
  // the server for the routes of a page's links on every page view: that request cost the server
  // about ten times what the page itself costs from the page cache.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
