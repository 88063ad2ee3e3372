import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/db/seed.server'
import { Plan, Service, Solution, Testimonial } from '#app/models/catalogue.server'
import { freePort, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'

const run = promisify(execFile)
const mongodbUri = setupTestDatabase('foundation')

describe('sample content', () => {
  it('seeds the catalogue with stable ids and can run again without duplicating anything', async () => {
    await seedCatalogue()
    await seedCatalogue()
    expect(await Service.countDocuments()).toBe(8)
    expect(await Solution.countDocuments()).toBe(5)
    expect(await Testimonial.countDocuments()).toBeGreaterThanOrEqual(3)
    const plans = await Plan.find().sort({ id: 1 }).lean()
    expect(plans.map((plan) => [plan.id, plan.name, plan.popular])).toEqual([
      [1, 'Essential', false],
      [2, 'Professional', true],
      [3, 'Enterprise', false],
    ])
    const industries = (await Solution.find().lean()).map((solution) => solution.industry)
    expect(industries).toEqual(expect.arrayContaining(['Healthcare', 'Finance', 'Legal', 'Manufacturing', 'Automotive']))
  })
})

describe('the production server', () => {
  it('serves the home page with plans read from the database', async () => {
    await Plan.updateOne({ id: 1 }, { $set: { price: 321 } })
    const server = await startAppServer({ mongodbUri })
    try {
      const home = await fetch(`${server.url}/`)
      expect(home.status).toBe(200)
      const html = (await home.text()).replaceAll('<!-- -->', '')
      expect(html).toContain('Modern Technology Solutions for Your Business')
      expect(html).toMatch(/id="essential-price"[^>]*>(?:<[^>]+>)*\$321/)
      expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/)
      // The built stylesheet travels inside the document, so the first paint needs no second request.
      const [, stylesheetPath, inlineCss] = html.match(/<style data-href="([^"]+)">([\s\S]*?)<\/style>/) ?? []
      expect(inlineCss).toBe(await readFile(path.join('build/client', stylesheetPath!), 'utf8'))
      expect(html).not.toContain('rel="stylesheet"')
      // Scripts come after the page's own content: every module preload is low priority.
      expect(html).toMatch(/<link rel="modulepreload" fetchpriority="low" href="\/assets\/entry\.client-/)
      expect(html).not.toMatch(/<link rel="modulepreload" href=/)

      const plans = (await (await fetch(`${server.url}/api/plans`)).json()) as { name: string; price: number }[]
      expect(plans.find((plan) => plan.name === 'Essential')?.price).toBe(321)
    } finally {
      await Plan.updateOne({ id: 1 }, { $set: { price: 299 } })
      await server.stop()
    }
  })

  it('answers 404 for an unknown path', async () => {
    const server = await startAppServer({ mongodbUri })
    try {
      expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404)
    } finally {
      await server.stop()
    }
  })

  it('stops with a message naming a bad variable', async () => {
    const failure = await run(process.execPath, ['build/server.js'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, MONGODB_URI: mongodbUri, PORT: 'eighty' },
    }).catch((error: { code: number; stderr: string }) => error)
    expect('code' in failure && failure.code).toBe(1)
    expect((failure as { stderr: string }).stderr).toMatch(/PORT/)
    expect((failure as { stderr: string }).stderr).not.toMatch(/\n\s+at /) // no stack trace
  })

  it('says clearly when the port is taken', async () => {
    const server = await startAppServer({ mongodbUri })
    try {
      const port = new URL(server.url).port
      const failure = await run(process.execPath, ['build/server.js'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, NODE_ENV: 'production', MONGODB_URI: mongodbUri, PORT: port, HOST: '127.0.0.1' },
      }).catch((error: { code: number; stderr: string }) => error)
      expect((failure as { code: number }).code).toBe(1)
      expect((failure as { stderr: string }).stderr).toContain(`Port ${port} is already in use`)
    } finally {
      await server.stop()
    }
  })

  it('finishes cleanly on SIGTERM', async () => {
    const server = await startAppServer({ mongodbUri })
    await (await fetch(`${server.url}/`)).text()
    await server.stop()
    expect(server.output()).toContain('Stopped cleanly')
  })

  it('uses a free port helper that really finds free ports', async () => {
    expect(await freePort()).toBeGreaterThan(0)
  })
})
