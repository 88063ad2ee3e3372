import { describe, expect, test } from 'vitest'
import { SITE_SHELL_CHUNK, siteShellChunk } from './site-shell-chunk'

const ENTRY = '/site/node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx'
const ROOT = '/site/app/root.tsx?__react-router-build-client-route'

/** A module graph as the bundler describes it: each module with the modules that import it statically. */
function graph(importers: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in importers ? { importers: importers[id]! } : null) }
}

describe('the site shell chunk', () => {
  const modules = graph({
    [ENTRY]: [],
    [ROOT]: [],
    '/site/node_modules/react-dom/client.js': [ENTRY],
    '/site/app/components/site-header.tsx': [ROOT],
    '/site/app/components/ui/button.tsx': ['/site/app/components/site-header.tsx', '/site/app/routes/admin/staff.tsx'],
    // Two modules importing each other, reached from the root.
    '/site/app/domain/a.ts': ['/site/app/components/site-header.tsx', '/site/app/domain/b.ts'],
    '/site/app/domain/b.ts': ['/site/app/domain/a.ts'],
    // Reached only from a route, or only through a dynamic import (which lists no static importer).
    '/site/app/routes/admin/staff.tsx': [],
    '/site/app/components/admin/table.tsx': ['/site/app/routes/admin/staff.tsx'],
    '/site/app/components/contact-form-validation.ts': [],
    // A cycle that never reaches the shell.
    '/site/app/admin/x.ts': ['/site/app/admin/y.ts'],
    '/site/app/admin/y.ts': ['/site/app/admin/x.ts'],
  })

  test('holds the browser entry, the root route and everything they import statically, however deep', () => {
    for (const id of [ENTRY, ROOT, '/site/node_modules/react-dom/client.js', '/site/app/components/ui/button.tsx', '/site/app/domain/b.ts'])
      expect(siteShellChunk(id, modules), id).toBe(SITE_SHELL_CHUNK)
  })

  test("leaves a route's own modules and dynamically imported ones to the bundler", () => {
    for (const id of [
      '/site/app/routes/admin/staff.tsx',
      '/site/app/components/admin/table.tsx',
      '/site/app/components/contact-form-validation.ts',
      '/site/app/admin/x.ts',
    ])
      expect(siteShellChunk(id, modules), id).toBeNull()
  })

  test('puts nothing in it in the server build, where the root route is not the browser one', () => {
    const server = graph({ '/site/app/root.tsx': [], '/site/app/components/site-header.tsx': ['/site/app/root.tsx'] })
    expect(siteShellChunk('/site/app/components/site-header.tsx', server)).toBeNull()
  })
})
