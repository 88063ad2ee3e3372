import path from 'node:path'
import mongoose from 'mongoose'
import { afterAll, describe, expect, it } from 'vitest'
import { startLocalDatabase } from '../../scripts/lib/local-services.mjs'
import { startAppServer } from '#tests/support/app-server'
import { waitFor } from '#tests/support/receivers'

// This file runs its own database server, so it can stop it mid-test and start it again on the
// same port: an outage during a submit must give the visitor a failure, never a false success, and
// every enquiry reported as saved must still be there afterwards.
const dataDir = path.resolve(import.meta.dirname, '../../.data/enquiries-outage-db')

describe('a database outage while visitors send enquiries', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('answers 503 instead of success, and loses nothing that was reported as saved', async () => {
    let database = await startLocalDatabase({ dataDir, fresh: true })
    const port = database.port
    cleanups.push(() => database.stop())
    // Each write to the absent database gives up after a second (3 s by default): the same 503s, sooner.
    const server = await startAppServer({
      mongodbUri: `${database.uri}enquiries_outage`,
      env: { TRUST_PROXY: '1', DATABASE_WAIT_MS: '1000' },
    })
    cleanups.push(async () => void (await server.stop()))

    let sequence = 0
    const send = (path: string, body: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        // A fresh address per request: the rate limit is not what this test is about.
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${++sequence}` },
        body: JSON.stringify(body),
      })
    const enquiry = (name: string) => ({ name, email: 'outage@example.com', message: `Enquiry from ${name} during the outage test.` })

    const reportedSaved: string[] = []
    for (const name of ['Before One', 'Before Two', 'Before Three']) {
      const response = await send('/api/contact', enquiry(name))
      expect(response.status).toBe(201)
      reportedSaved.push(name)
    }

    // The form's spam-trap fields, as a visitor's browser would have them from the page.
    const html = await (await fetch(`${server.url}/`)).text()
    const validFrom = /value="([^"]*)"/.exec(/<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0] ?? '')?.[1] ?? ''
    expect(validFrom).not.toBe('')

    await database.stop()
    const refused = await send('/api/contact', enquiry('During Outage'))
    expect(refused.status).toBe(503)
    expect(refused.headers.get('Retry-After')).toBe('10')
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/temporarily unavailable/) })
    const chat = await send('/api/teams-chat', { message: 'Anyone there?', name: 'Outage', email: 'outage@example.com' })
    expect(chat.status).toBe(503)
    expect(await chat.json()).toMatchObject({ message: expect.stringMatching(/temporarily unavailable/) })
    // The form without JavaScript: a readable failure page or form, never the success redirect.
    const form = await fetch(`${server.url}/?index`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ ...enquiry('Form During Outage'), name__confirm: '', from__confirm: validFrom }),
    })
    expect(form.status).toBe(503)
    expect(form.headers.get('Location')).toBeNull()
    expect(await form.text()).toMatch(/temporarily unavailable/)

    database = await startLocalDatabase({ dataDir, port })
    await waitFor(async () => ((await (await fetch(`${server.url}/healthz`)).json()) as { database: string }).database === 'up', 30_000)
    const after = await send('/api/contact', enquiry('After Recovery'))
    expect(after.status).toBe(201)
    reportedSaved.push('After Recovery')

    const connection = await mongoose.createConnection(`${database.uri}enquiries_outage`).asPromise()
    try {
      const names = (
        await connection
          .collection('contacts')
          .find({}, { projection: { name: 1 } })
          .toArray()
      ).map((contact) => contact.name as string)
      expect(names.sort()).toEqual([...reportedSaved].sort())
      // This server has no SMTP_URL: each enquiry's e-mail is logged and kept in the outbox until
      // one is set. The outbox job marks it held in the background, a moment after the 201.
      const emailStatuses = async () =>
        (await connection.collection('outboxmessages').find({ channel: 'email' }).toArray()).map((message) => message.status as string)
      await waitFor(async () => (await emailStatuses()).every((status) => status !== 'pending'), 15_000)
      expect(await emailStatuses()).toEqual(reportedSaved.map(() => 'held'))
      expect(server.output()).toContain('SMTP_URL or CONTACT_TO is unset')
    } finally {
      await connection.close()
    }
  }, 120_000)
})
