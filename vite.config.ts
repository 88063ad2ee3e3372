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
})
