import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    // Merge the many sub-kilobyte shared chunks (buttons, constants, small hooks) into the chunks
    // that import them: each is one more request competing with the stylesheet on a phone's
    // HTTP/1.1 connection, for a few hundred bytes.
    rollupOptions: { output: { experimentalMinChunkSize: 20_000 } },
  },
})
