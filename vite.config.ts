import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { siteShellChunk } from './scripts/lib/site-shell-chunk.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
