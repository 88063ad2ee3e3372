import { expect, test } from './support/test'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'
import { STAFF_SIZES, expectNoSeriousAxeProblems, expectNoSidewaysScroll } from './support/readable'

// The content editor keeps work, at both sizes: Preview shows the unsaved edit (with and without
// JavaScript), leaving with unsaved changes asks first, and Delete asks on its own page and can be
// undone. Each test writes its own draft article (drafts never reach the public pages other files
// check) and removes it at the end.

/** Where the e2e run may save the docs' screenshots (CONSOLE_SHOTS=docs/images). */
const SHOTS = process.env.CONSOLE_SHOTS

const created: number[] = []

test.afterAll(async () => {
  const db = await e2eDatabase()
  if (created.length) await db.collection('newsarticles').deleteMany({ id: { $in: created } })
  await closeE2eDatabase()
})

async function addDraft(title: string) {
  const db = await e2eDatabase()
  const id = 100_000 + Math.floor(Math.random() * 800_000)
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  await db.collection('newsarticles').insertOne({
    id,
    slug,
    previousSlugs: [],
    title,
    date: '2026-11-20',
    excerpt: 'What to check before the upgrade.',
    body: 'Printers remember every page.\n\n## What to do\n\n- Wipe the disk\n- Update the firmware',
    image: '/images/services/software.svg',
    imageWidth: 800,
    imageHeight: 500,
    status: 'draft',
    layout: 'standard',
    version: 0,
  })
  created.push(id)
  return { id, slug }
}

for (const size of STAFF_SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size })

    test('with JavaScript, an article is edited and previewed without losing a change, and leaving asks first', async ({ browser }) => {
      test.setTimeout(150_000) // several pages, each submitted and some axe-checked
      const title = uniqueLabel('Printer security')
      const { id } = await addDraft(title)
      const { context, page } = await signedInPage(browser, { viewport: size, at: `/admin/content/news/${id}` })
      await expect(page.getByRole('heading', { level: 1, name: 'Edit news article' })).toBeVisible()
      await expect(page.getByRole('radio', { name: 'Software' })).toBeChecked()
      await expect(page.getByLabel('Status')).toHaveValue('draft')
      await expect(page.getByLabel('Status').locator('option:checked')).toHaveText('Draft (only staff can see it)')
      await expectNoSeriousAxeProblems(page)
      await expectNoSidewaysScroll(page)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-editor-${size.name}.png`, fullPage: true })

      // A change, then a link away: the page asks, and staying keeps the change.
      const newTitle = `${title} (revised)`
      await page.getByLabel('Title').fill(newTitle)
      await page.getByRole('group', { name: 'Hero image' }).getByText('Cloud', { exact: true }).click()
      await page.getByRole('link', { name: 'Back to News articles' }).click()
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
      await expect(leave).toBeVisible()
      await expectNoSeriousAxeProblems(page)
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click()
      await expect(leave).toHaveCount(0)
      await expect(page).toHaveURL(new RegExp(`/admin/content/news/${id}$`), { timeout: 20_000 })
      await expect(page.getByLabel('Title')).toHaveValue(newTitle)

      // Preview: the unsaved edit drawn as the public page, the form still filled in, nothing saved.
      await page.getByRole('button', { name: 'Preview' }).click()
      await expect(page).toHaveURL(new RegExp(`/admin/content/news/${id}/preview$`), { timeout: 20_000 })
      const preview = page.getByRole('region', { name: /Preview, not saved/ })
      await expect(preview.getByRole('heading', { level: 1, name: newTitle })).toBeVisible()
      await expect(preview.locator('img').first()).toHaveAttribute('src', '/images/services/cloud.svg')
      await expect(page.getByLabel('Title')).toHaveValue(newTitle)
      await expect(page.getByRole('radio', { name: 'Cloud' })).toBeChecked()
      await expectNoSeriousAxeProblems(page)
      await expectNoSidewaysScroll(page)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-editor-preview-${size.name}.png` })
      const db = await e2eDatabase()
      expect((await db.collection('newsarticles').findOne({ id }))?.title).toBe(title)

      // Leaving the preview asks too; then Save keeps the change.
      await preview.getByRole('link', { name: 'Back to News' }).first().click()
      await expect(leave).toBeVisible()
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click()
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page).toHaveURL(/\/admin\/content\/news$/, { timeout: 20_000 })
      await expect(page.getByRole('listitem').filter({ hasText: newTitle })).toBeVisible()
      expect((await db.collection('newsarticles').findOne({ id }))?.image).toBe('/images/services/cloud.svg')
      await context.close()
    })

    test('without JavaScript, Preview shows the unsaved edit and the form keeps every value', async ({ browser, allowConsoleErrors }) => {
      allowConsoleErrors(/status of 400/)
      test.setTimeout(150_000) // several pages, each submitted and some axe-checked
      const title = uniqueLabel('Backup drill')
      const { id } = await addDraft(title)
      const { context, page } = await signedInPage(browser, { javaScriptEnabled: false, viewport: size, at: `/admin/content/news/${id}` })
      const newTitle = `${title} for dental practices`
      await page.getByLabel('Title').fill(newTitle)
      await page.getByLabel('Body (Markdown)').fill('Test the restore, not the backup.\n\n## Every quarter\n\n- Pick a file\n- Restore it')
      await page.getByLabel('Layout').selectOption({ label: 'Featured (wide banner)' })
      await page.getByRole('button', { name: 'Preview' }).click()
      await expect(page).toHaveURL(new RegExp(`/admin/content/news/${id}/preview$`), { timeout: 20_000 })
      const preview = page.getByRole('region', { name: /Preview, not saved/ })
      await expect(preview.getByRole('heading', { level: 1, name: newTitle })).toBeVisible()
      await expect(preview.getByRole('heading', { level: 2, name: 'Every quarter' })).toBeVisible()
      await expect(page.getByLabel('Title')).toHaveValue(newTitle)
      await expect(page.getByLabel('Body (Markdown)')).toHaveValue(/## Every quarter/)
      await expect(page.getByLabel('Layout')).toHaveValue('featured')
      const db = await e2eDatabase()
      expect((await db.collection('newsarticles').findOne({ id }))?.title).toBe(title)

      // A mistake in the preview's form: a clear message, and still nothing lost.
      await page.getByLabel('Slug (the address: /news/slug)').fill('Not a slug!')
      await page.getByRole('button', { name: 'Preview' }).click()
      await expect(page.getByRole('alert')).toContainText('The preview needs the fields marked below.', { timeout: 20_000 })
      await expect(page.getByText('Slug may use lower-case letters, digits and single hyphens')).toBeVisible()
      await expect(page.getByLabel('Title')).toHaveValue(newTitle)
      await page.getByLabel('Slug (the address: /news/slug)').fill(`${newTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`)
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page).toHaveURL(/\/admin\/content\/news$/, { timeout: 20_000 })
      expect((await db.collection('newsarticles').findOne({ id }))?.layout).toBe('featured')
      await context.close()
    })

    test('Delete asks on a page of its own and can be undone from Recently deleted', async ({ browser }) => {
      test.setTimeout(150_000) // several pages, each submitted and some axe-checked
      const title = uniqueLabel('Old printer notice')
      const { id, slug } = await addDraft(title)
      const { context, page } = await signedInPage(browser, {
        javaScriptEnabled: size.name === 'phone',
        viewport: size,
        at: '/admin/content/news',
      })
      const row = page.getByRole('listitem').filter({ hasText: title })
      await row.getByRole('link', { name: `Delete ${title}` }).click()
      await expect(page).toHaveURL(new RegExp(`/admin/content/news/${id}/delete$`), { timeout: 20_000 })
      await expect(page.getByRole('heading', { level: 1, name: 'Delete this news article?' })).toBeVisible()
      if (size.name === 'phone') await expectNoSeriousAxeProblems(page)
      await expectNoSidewaysScroll(page)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-editor-delete-${size.name}.png` })
      await page.getByRole('button', { name: 'Delete news article' }).click()
      await expect(page).toHaveURL(/\/admin\/content\/news$/, { timeout: 20_000 })
      await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
      expect((await page.request.get(`/news/${slug}`)).status()).toBe(404)

      // The way back: the toast's link (without JavaScript the toast stays, over the page's own link).
      const notifications = page.getByRole('region', { name: /Notifications/ })
      const way = size.name === 'desktop' ? notifications : page.getByRole('main')
      await way.getByRole('link', { name: /^Recently deleted/ }).click()
      const deleted = page.getByRole('listitem').filter({ hasText: title })
      await expect(deleted).toBeVisible()
      if (size.name === 'phone') await expectNoSeriousAxeProblems(page)
      await deleted.getByRole('button', { name: `Restore ${title}` }).click()
      await expect(page).toHaveURL(/\/admin\/content\/news$/, { timeout: 20_000 })
      await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Draft')
      expect((await page.request.get(`/news/${slug}`)).status()).toBe(200)
      await context.close()

      // axe needs JavaScript: at this size the pages are checked in a second, scripted window.
      if (size.name === 'desktop') {
        const scripted = await signedInPage(browser)
        await scripted.page.setViewportSize(size)
        for (const path of [`/admin/content/news/${id}/delete`, '/admin/content/news/deleted']) {
          await scripted.page.goto(path)
          await expectNoSeriousAxeProblems(scripted.page)
        }
        await scripted.context.close()
      }
    })
  })
}
