import { execFile } from 'node:child_process'
import http from 'node:http'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { Plan, Service, Solution, Testimonial } from '#app/catalogue/catalogue-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { freePorts } from '../../scripts/lib/local-services.mjs'
import { scriptsBeforeHydration } from '../../scripts/lib/page-scripts.mjs'
import { recordedRequests } from '#tests/support/access-log'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { startSmtpReceiver, waitFor } from '#tests/support/receivers'
import { signInOverHttp } from '#tests/support/staff-session'

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
      // A cached page: its inline scripts are allowed by hash (tests/integration/page-cache.test.ts).
      expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/)
      // The built stylesheet travels inside the document, so the first paint needs no second request.
      const [, stylesheetPath, inlineCss] = html.match(/<style data-href="([^"]+)">([\s\S]*?)<\/style>/) ?? []
      expect(inlineCss).toBe(await readFile(path.join('build/client', stylesheetPath!), 'utf8'))
      expect(html).not.toContain('rel="stylesheet"')
      // Scripts come after the page's own content: no module preloads, the module script finds them.
      expect(html).not.toContain('rel="modulepreload"')
      expect(html).toMatch(/<script type="module"[^>]*>[^<]*import \* as route0 from "\/assets\/root-/)
      // The first paint waits for the page to be parsed down to the trust strip, which must exist
      // on every page, or the browser would hold the paint until the whole document is parsed.
      for (const page of ['/', '/checkout', '/news', '/privacy-policy', '/admin-login', '/no-such-page']) {
        const pageHtml = await (await fetch(`${server.url}${page}`)).text()
        const [, expected] = pageHtml.match(/<link rel="expect" href="#([^"]+)" blocking="render"\/>/) ?? []
        expect(expected, page).toBe('trust-strip-island')
        expect(pageHtml, page).toContain(`id="${expected}"`)
      }

      const plans = (await (await fetch(`${server.url}/api/plans`)).json()) as { name: string; price: number }[]
      expect(plans.find((plan) => plan.name === 'Essential')?.price).toBe(321)
    } finally {
      await Plan.updateOne({ id: 1 }, { $set: { price: 299 } })
      await server.stop()
    }
  })

  describe('one server for what it serves', () => {
    let server: AppServer
    beforeAll(async () => {
      server = await startAppServer({ mongodbUri })
    })
    afterAll(async () => {
      await server.stop()
    })

    it('serves what browsers and social sites ask for around the pages: icons, manifest, a PNG share image', async () => {
      const icon = await fetch(`${server.url}/favicon.ico`)
      expect(icon.status).toBe(200)
      expect(icon.headers.get('content-type')).toBe('image/vnd.microsoft.icon')
      // An ICO header (reserved 0, type 1) with 16, 32 and 48 px images.
      const ico = Buffer.from(await icon.arrayBuffer())
      expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3])

      const pngSize = async (path: string) => {
        const response = await fetch(`${server.url}${path}`)
        expect(response.status, path).toBe(200)
        expect(response.headers.get('content-type'), path).toBe('image/png')
        const png = Buffer.from(await response.arrayBuffer())
        return [png.readUInt32BE(16), png.readUInt32BE(20)]
      }
      expect(await pngSize('/apple-touch-icon.png')).toEqual([180, 180])

      const manifestResponse = await fetch(`${server.url}/manifest.webmanifest`)
      expect(manifestResponse.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
      const manifest = (await manifestResponse.json()) as { name: string; start_url: string; icons: { src: string; sizes: string }[] }
      expect(manifest).toMatchObject({ name: 'Roswell IT Solutions', start_url: '/' })
      for (const icon of manifest.icons.filter((entry) => entry.src.endsWith('.png'))) {
        const [width, height] = await pngSize(icon.src)
        expect(`${width}x${height}`).toBe(icon.sizes)
      }

      const html = await (await fetch(`${server.url}/news/data-fencing`)).text()
      expect(html).toContain('<meta name="color-scheme" content="light"/>')
      expect(html).toMatch(/<link[^>]* rel="manifest" href="\/manifest\.webmanifest"/)
      expect(html).toMatch(/<link[^>]* rel="apple-touch-icon" href="\/apple-touch-icon\.png"/)
      // The article's own picture is an SVG, which social sites ignore: the share image is the PNG.
      const shareImage = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1]
      expect(shareImage).toBe(`${server.url}/images/og-default.png`)
      expect(await pngSize(new URL(shareImage!).pathname)).toEqual([1200, 630])
      expect(html).toContain('<meta property="og:image:width" content="1200"/>')
    })

    it('writes the public stylesheet into public pages, whose classes it all has, and links the staff superset on staff pages', async () => {
      const staffSheetHtml = await (async () => {
        const cookie = await signInOverHttp(server.url)
        return (await fetch(`${server.url}/admin`, { headers: { Cookie: cookie } })).text()
      })()
      const [, staffHref] = staffSheetHtml.match(/<link[^>]* rel="stylesheet" href="(\/assets\/staff-[\w-]+\.css)"\/>/) ?? []
      expect(staffHref).toBeDefined()
      // After the inline public sheet: the superset's later copies then decide the cascade.
      expect(staffSheetHtml.indexOf('<style data-href=')).toBeLessThan(staffSheetHtml.indexOf(staffHref!))
      const staffSheet = await fetch(`${server.url}${staffHref}`)
      expect(staffSheet.headers.get('content-type')).toMatch(/^text\/css/)
      const staffClasses = classesStyledBy(await staffSheet.text())

      for (const page of [
        '/',
        '/checkout',
        '/checkout/2?ms365=1&ms365_users=5',
        '/news',
        '/news/ftc-safeguards-rule',
        '/resources',
        '/privacy-policy',
        '/chat',
        '/manage-subscription',
        '/admin-login',
        '/set-password',
        '/no-such-page',
      ]) {
        const html = (await (await fetch(`${server.url}${page}`)).text()).replaceAll('<!-- -->', '')
        expect(html, page).not.toContain('rel="stylesheet"')
        const [, inlineCss] = html.match(/<style data-href="[^"]+">([\s\S]*?)<\/style>/) ?? []
        const publicClasses = classesStyledBy(inlineCss!)
        for (const name of publicClasses) expect(staffClasses.has(name), `${name} is in the staff sheet too`).toBe(true)
        const used = [...html.matchAll(/ class="([^"]*)"/g)].flatMap(([, names]) => unescapeHtml(names!).split(/\s+/)).filter(Boolean)
        const styledOnlyForStaff = used.filter((name) => staffClasses.has(name) && !publicClasses.has(name))
        expect(styledOnlyForStaff, page).toEqual([])
      }
    })

    it('sends scripts, stylesheets and drawings compressed at build time, in the encoding the browser accepts', async () => {
      const html = await (await fetch(`${server.url}/`)).text()
      const scripts = scriptsBeforeHydration(html, 'build/client')
      const script = scripts.find((file) => file.startsWith('/assets/site-shell-'))
      expect(script).toBeDefined()
      const original = await readFile(path.join('build/client', script!))
      // Node's fetch decodes what it receives; the bytes as sent come through node:http.
      const as = (acceptEncoding: string, method = 'GET', file = script) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          const request = http.request(`${server.url}${file}`, { method, headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
          })
          request.on('error', reject)
          request.end()
        })
      const raw = async (acceptEncoding: string) => {
        const { status, headers, body } = await as(acceptEncoding)
        expect(status, acceptEncoding).toBe(200)
        // Whatever the encoding: the script's type, its year in the browser's cache, and caches told it varies.
        expect(headers['content-type'], acceptEncoding).toBe('text/javascript; charset=utf-8')
        expect(headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable')
        expect(headers.vary, acceptEncoding).toBe('Accept-Encoding')
        const encoding = headers['content-encoding'] ?? null
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
        expect(decoded.equals(original), acceptEncoding).toBe(true)
        return { encoding, size: body.length }
      }

      // Chrome's own header lists gzip first with the same weight: the smaller Brotli copy wins.
      const brotli = await raw('gzip, deflate, br, zstd')
      expect(brotli.encoding).toBe('br')
      const gzip = await raw('gzip')
      expect(gzip.encoding).toBe('gzip')
      expect((await raw('br;q=0, gzip;q=0.5')).encoding).toBe('gzip')
      expect((await raw('identity')).encoding).toBeNull()
      expect((await raw('')).encoding).toBeNull()
      // At the strongest settings: the Brotli copy is well under what on-the-fly compression (quality 4) sent.
      expect(brotli.size).toBeLessThan(gzip.size * 0.9)
      expect(brotli.size).toBeLessThan(brotliCompressSync(original, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length * 0.9)

      // Each as the build's copy, the route manifest React Router writes late in the build included.
      expect(scripts.some((file) => file.includes('/manifest-'))).toBe(true)
      for (const file of scripts) {
        if ((await readFile(path.join('build/client', file))).length < 1024) continue
        const { headers, body } = await as('gzip, deflate, br, zstd', 'GET', file)
        expect(headers['content-encoding'], file).toBe('br')
        // The build's copy, not one compressed on the fly.
        expect(body.equals(await readFile(path.join('build/client', `${file}.br`))), file).toBe(true)
      }

      const head = await as('br', 'HEAD')
      expect([head.status, head.headers['content-encoding'], head.headers['content-length']]).toEqual([200, 'br', String(brotli.size)])
      // A method static files do not serve is refused as before, with no encoding left on the answer.
      const post = await as('br', 'POST')
      expect(post.status).toBe(405)
      expect(post.headers['content-encoding']).toBeUndefined()

      const drawing = await fetch(`${server.url}/images/hero/slide-1.svg`, { headers: { 'Accept-Encoding': 'br' } })
      expect([drawing.status, drawing.headers.get('content-type'), drawing.headers.get('content-encoding')]).toEqual([
        200,
        'image/svg+xml',
        'br',
      ])
      expect(drawing.headers.get('cache-control')).toBe('public, max-age=3600')
    })

    it('answers 404 for an unknown path', async () => {
      expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404)
    })

    it('says clearly when the port is taken', async () => {
      const port = new URL(server.url).port
      const failure = await run(process.execPath, ['server.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, NODE_ENV: 'production', MONGODB_URI: mongodbUri, PORT: port, HOST: '127.0.0.1' },
      }).catch((error: { code: number; stdout: string }) => error)
      expect((failure as { code: number }).code).toBe(1)
      expect((failure as { stdout: string }).stdout).toContain(`Port ${port} is already in use`)
    })
  })

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['METRICS_TOKEN', 'too-short-to-guard-metrics', /METRICS_TOKEN must be at least 32 characters/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['SHUTDOWN_DRAIN_MS', 'a while', /SHUTDOWN_DRAIN_MS/],
  ])('stops with a message naming a bad %s', async (name, value, message) => {
    const failure = await run(process.execPath, ['server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, NODE_ENV: 'production', MONGODB_URI: mongodbUri, [name]: value },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error)
    expect('code' in failure && failure.code).toBe(1)
    const { stdout, stderr } = failure as { stdout: string; stderr: string }
    // One JSON line on stdout, like every other log line, naming the variable.
    const line = JSON.parse(stdout.trim().split('\n').at(-1)!) as { level: string; msg: string }
    expect(line.level).toBe('fatal')
    expect(line.msg).toMatch(message)
    expect(stdout + stderr).not.toMatch(/\n\s+at /) // no stack trace
  })

  it('on SIGTERM answers /readyz 503 at once, serves through the drain, then finishes what is in flight and stops cleanly', async () => {
    const smtp = await startSmtpReceiver()
    const server = await startAppServer({
      mongodbUri,
      env: { SHUTDOWN_DRAIN_MS: '1500', SMTP_URL: smtp.url, CONTACT_TO: 'staff@roswell.test', TRUST_PROXY: '1' },
    })
    try {
      // A visitor whose upload is still under way when the signal comes, on a connection of its own.
      const slowBody = JSON.stringify({ name: 'Slow Upload', email: 'slow@example.com', message: 'Sent over a slow connection.' })
      const slow = http.request(`${server.url}/api/contact`, {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(slowBody), 'X-Forwarded-For': '203.0.113.90' },
      })
      const slowStatus = new Promise<number>((resolve, reject) => {
        slow.on('response', (response) => (response.resume(), resolve(response.statusCode ?? 0)))
        slow.on('error', reject)
      })
      slow.write(slowBody.slice(0, 20))
      // An enquiry whose e-mail is still being sent when the signal comes (the mail server takes 3 s).
      smtp.delayNext('Shutdown Sender', 3000)
      const sent = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.91' },
        body: JSON.stringify({ name: 'Shutdown Sender', email: 'sender@example.com', message: 'Queued just before the shutdown.' }),
      })
      expect(sent.status).toBe(201)
      const { contact } = (await sent.json()) as { contact: { id: string } }

      const signalledAt = Date.now()
      const exited = server.stop()
      await waitFor(() => server.output().includes('shutting down'))
      const ready = await fetch(`${server.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'draining' })
      // Still serving during the drain, and telling keep-alive clients to reconnect (elsewhere).
      const page = await fetch(`${server.url}/`)
      expect(page.status).toBe(200)
      expect(page.headers.get('connection')).toBe('close')
      await page.text()
      // Answered before the drain ended (a wait on the event, not the clock: a busy machine is slow).
      expect(server.output()).not.toContain('no longer accepting connections')

      // After the drain: no new connections, but the request in flight is answered.
      await waitFor(() => server.output().includes('no longer accepting connections'), 5000)
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1400)
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
      slow.end(slowBody.slice(20))
      expect(await slowStatus).toBe(201)

      expect(await exited).toBe(0)
      const output = server.output()
      expect(output).toContain('Stopped cleanly')
      // The notification under way was finished before the exit, not left 'sending' for a retry.
      expect(smtp.received.filter((mail) => mail.text.includes('Shutdown Sender'))).toHaveLength(1)
      expect((await OutboxMessage.findOne({ subject: `contact:${contact.id}` }).lean())?.status).toBe('sent')
      // The access log buffer was written before the database connection closed.
      const recorded = await recordedRequests()
      expect(
        recorded.filter(
          (entry) => entry.path === '/api/contact' && entry.status === 201 && entry.timestamp.getTime() >= signalledAt - 60_000,
        ),
      ).toHaveLength(2)
      expect(recorded.filter((entry) => entry.path === '/' && entry.timestamp.getTime() >= signalledAt)).toHaveLength(1)
    } finally {
      await server.stop()
      await smtp.stop()
    }
  })

  it('finds distinct free ports that can then be listened on', async () => {
    const ports = await freePorts(3)
    expect(new Set(ports).size).toBe(3)
    for (const port of ports) {
      const server = http.createServer()
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', resolve)
      })
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

/** The class names a stylesheet has rules for, unescaped as they are written in HTML (`sm\:p-4` is `sm:p-4`). */
function classesStyledBy(css: string) {
  const names = new Set<string>()
  for (const [, escaped] of css.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) {
    names.add(
      escaped!.replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\(.)/g, '$1'),
    )
  }
  return names
}

function unescapeHtml(text: string) {
  return text.replaceAll('&gt;', '>').replaceAll('&lt;', '<').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')
}
