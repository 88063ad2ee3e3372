// Bundles server.ts (the Express entry) into build/server.js. Packages stay external: the
// production image installs them, and the React Router build is imported at run time.
import { build } from 'esbuild'

await build({
  entryPoints: ['server.ts'],
  outfile: 'build/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
