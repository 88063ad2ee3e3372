import mongoose from 'mongoose'
import { expect, test } from './support/test'
import { closeE2eDatabase, e2eDatabase, signedInPage, STAFF, uniqueLabel } from './support/staff'
import { STAFF_SIZES, expectNoSeriousAxeProblems, expectNoSidewaysScroll } from './support/readable'

// The chat inbox as an office manager uses it, at desktop and phone sizes, with and without
// JavaScript: find the visitor's question in the list, open it, take it, answer with a saved reply.

test.afterAll(closeE2eDatabase)

/** Where the e2e run may save the docs' screenshots (CONSOLE_SHOTS=docs/images). */
const SHOTS = process.env.CONSOLE_SHOTS

const QUESTION = 'Hi, our office printer stopped printing after the Windows update this morning. Can someone help today?'

/** A visitor's conversation on the news page: their question, then the automatic acknowledgement. */
async function addConversation(name: string) {
  const db = await e2eDatabase()
  const now = new Date(Date.now() + 60_000) // newest activity, so it is at the top of the list
  const { insertedId } = await db.collection('chatconversations').insertOne({
    visitorId: uniqueLabel('visitor'),
    name,
    email: `${name.toLowerCase()}@dental.example`,
    status: 'open',
    currentPage: '/news',
    lastSeq: 2,
    staffReadSeq: 0,
    createdAt: now,
    updatedAt: now,
  })
  await db.collection('conversationmessages').insertMany([
    { conversationId: insertedId, seq: 1, from: 'visitor', text: QUESTION, at: new Date(now.getTime() - 60_000) },
    {
      conversationId: insertedId,
      seq: 2,
      from: 'system',
      text: `Thanks, ${name}! Our team has your message and will reply here.`,
      at: new Date(now.getTime() - 59_000),
    },
  ])
  return String(insertedId)
}

async function addSavedReply(title: string, text: string) {
  await (await e2eDatabase()).collection('savedreplies').insertOne({ title, text, authorName: 'Sam Support', createdAt: new Date() })
}

for (const size of STAFF_SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size })

    for (const javaScriptEnabled of [true, false]) {
      test(`an office manager answers a chat from the inbox ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
        test.slow() // two pages axe-checked, four forms
        const name = uniqueLabel('Priya')
        const id = await addConversation(name)
        const title = uniqueLabel('Printer after update')
        const savedText = 'Please restart the printer and your computer; if it still fails we will connect remotely within the hour.'
        await addSavedReply(title, savedText)
        // The list: the visitor's question (not the acknowledgement) and the page by its title.
        const { context, page } = await signedInPage(browser, { javaScriptEnabled, viewport: size, at: '/admin/chats?show=open' })
        await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible()
        await expect(page.getByRole('navigation', { name: 'Show conversations' }).getByRole('link', { name: 'Open' })).toHaveAttribute(
          'aria-current',
          'page',
        )
        const row = page.getByRole('listitem').filter({ hasText: name })
        await expect(row.getByTestId('preview')).toContainText('our office printer stopped printing')
        await expect(row).not.toContainText('Our team has your message')
        await expect(row).toContainText('on News and Insights')
        await expect(row).toContainText('Awaiting reply')
        await expectNoSidewaysScroll(page)
        if (javaScriptEnabled) await expectNoSeriousAxeProblems(page)
        if (SHOTS && javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/staff-chats-list-${size.name}.png` })

        // The transcript: bubbles with names and times.
        await row.getByRole('link').click()
        await expect(page).toHaveURL(`/admin/chats/${id}`)
        const transcript = page.getByRole('list', { name: 'Transcript' })
        await expect(transcript.locator('[data-from="visitor"]')).toContainText(name)
        await expect(transcript.locator('[data-from="visitor"] time')).toHaveCount(1)

        // Take it.
        await page.getByLabel('Answered by').selectOption({ label: `${STAFF.displayName} (me)` })
        await page.getByRole('button', { name: 'Assign' }).click()
        await expect(page.getByText(`Answered by: ${STAFF.displayName}`)).toBeVisible()

        // Answer with the saved reply: with JavaScript it fills the box to edit; without, it is sent as it is.
        await page.getByLabel('Saved reply', { exact: true }).selectOption({ label: title })
        const sent = javaScriptEnabled ? `${savedText} Priya, I can call you at 2 PM.` : savedText
        if (javaScriptEnabled) {
          await expect(page.getByLabel('Your reply')).toHaveValue(savedText)
          await page.getByLabel('Your reply').press('End')
          await page.getByLabel('Your reply').pressSequentially(' Priya, I can call you at 2 PM.')
        }
        await page.getByRole('button', { name: 'Send reply' }).click()
        const reply = transcript.locator('[data-from="staff"]')
        await expect(reply).toContainText(sent)
        await expect(reply).toContainText(STAFF.displayName)
        await expect(page.getByLabel('Your reply')).toHaveValue('')
        await expectNoSidewaysScroll(page)
        if (javaScriptEnabled) await expectNoSeriousAxeProblems(page)
        if (SHOTS && javaScriptEnabled) {
          // The conversation from its start (the reply took the page down to the newest message).
          await page.getByRole('heading', { level: 2, name: 'Conversation', exact: true }).evaluate((heading) => heading.scrollIntoView())
          await page.screenshot({ path: `${SHOTS}/staff-chats-transcript-${size.name}.png`, fullPage: size.name === 'desktop' })
        }

        // It is now mine, and no longer waiting.
        await page.goto('/admin/chats?show=mine')
        const mine = page.getByRole('listitem').filter({ hasText: name })
        await expect(mine).toContainText(`answered by ${STAFF.displayName}`)
        await expect(mine).not.toContainText('Awaiting reply')

        const db = await e2eDatabase()
        const stored = await db.collection('conversationmessages').findOne({ text: sent })
        expect(stored).toMatchObject({ from: 'staff', staffName: STAFF.displayName })
        expect(await db.collection('auditevents').countDocuments({ target: `chat:${id}`, action: 'assigned chat' })).toBe(1)
        await context.close()
      })
    }

    test('without JavaScript a refused chat reply comes back with its text in the box and why beside it', async ({
      browser,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/status of 400/)
      const id = await addConversation(uniqueLabel('Kim'))
      const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, viewport: size, at: `/admin/chats/${id}` })
      // One character over the limit, past the browser's own check, as a hand-made request would be.
      const typed = `Restart the printer, then tell me what the screen says. ${'x'.repeat(2000)}`
      const box = page.getByLabel('Your reply')
      await box.evaluate((area) => area.removeAttribute('maxlength'))
      await box.fill(typed)
      const answer = page.waitForResponse((response) => response.url().endsWith(`/admin/chats/${id}/reply`))
      await page.getByRole('button', { name: 'Send reply' }).click()
      expect((await answer).status()).toBe(400)
      await expect(page.getByRole('alert')).toContainText('The reply was not sent')
      await expect(box).toHaveValue(typed)
      await expect(box).toHaveAttribute('aria-invalid', 'true')
      await expect(box).toHaveAccessibleDescription('A reply is at most 2000 characters')
      await expectNoSidewaysScroll(page)
      const db = await e2eDatabase()
      const conversationId = new mongoose.Types.ObjectId(id)
      expect(await db.collection('conversationmessages').countDocuments({ conversationId, from: 'staff' })).toBe(0)
      await context.close()
    })
  })
}
