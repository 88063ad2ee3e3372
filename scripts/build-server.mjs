// Bundles the Express entry (server.ts, one server process) into build/server.js and the
// production entry (cluster.ts, which runs build/server.js once per core) into build/cluster.js.
// Packages stay external: the production image installs them, and the React Router build is
// imported at run time.
import { build } from 'esbuild'

await build({
  entryPoints: ['server.ts', 'cluster.ts'],
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
