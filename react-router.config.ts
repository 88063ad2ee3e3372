import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // server.ts (Express) owns the HTTP server; this build is the request handler it mounts.
  serverModuleFormat: 'esm',
} satisfies Config
