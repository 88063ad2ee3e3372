// One server process: loads the Express app (app/server/app.server.ts), listens, and leaves the
// shutdown to it. In production the app is the bundle Vite built (build/server/index.js, with the
// React Router build inside); in development Vite loads it from source and serves the assets.
import { enableCompileCache } from 'node:module'
import type { startApp } from '#app/server/app.server'

type AppModule = { startApp: typeof startApp }

const production = process.env.NODE_ENV === 'production'
// Resolved at run time, beside this file: typechecking must not need a build.
const BUILD_PATH = './build/server/index.js'

// V8 keeps the code it compiled for the bundle and its packages on disk (the system's temporary
// directory), so the next start, or the next cluster worker, loads them about a third faster.
// Where that directory cannot be written, nothing changes.
enableCompileCache()

// Tracing hooks the modules the app imports, so it loads first; without a collector it never loads.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import('./tracing.ts')

const vite = production ? undefined : await import('vite').then(({ createServer }) => createServer({ server: { middlewareMode: true } }))
const { startApp: start } = vite
  ? ((await vite.ssrLoadModule('/app/server/app.server.ts')) as AppModule)
  : ((await import(BUILD_PATH)) as AppModule)

const started = await start({ assets: vite?.middlewares })
started.serve(started.app.listen(started.port, started.host))
