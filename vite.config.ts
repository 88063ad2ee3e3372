import { execFileSync } from 'node:child_process'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { precompressClientFiles } from './scripts/lib/precompress-client-files.ts'
import { siteShellChunk } from './scripts/lib/site-shell-chunk.ts'

// The commit app_build_info reports: GIT_COMMIT (the image has no .git: a build argument passes it),
// else git's HEAD, else "unknown".
function buildCommit() {
  const given = process.env.GIT_COMMIT?.trim()
  if (given) return /^[\w.-]{1,64}$/.test(given) ? given : 'unknown'
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'unknown'
  }
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressClientFiles()],
  define: { __GIT_COMMIT__: JSON.stringify(buildCommit()) },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: { output: { codeSplitting: { groups: [{ name: siteShellChunk, debugName: 'site shell' }] } } },
  },
  environments: {
    // The server bundle's entry is the Express app, which imports the React Router build: one
    // bundle for the whole server (server.ts only starts it).
    ssr: {
      build: { rollupOptions: { input: './app/server/app.server.ts' } },
      // Through Vite in development too, so the adapter and the app share one react-router (the
      // request context's class is checked by identity).
      resolve: { noExternal: ['@react-router/express'] },
    },
  },
})
