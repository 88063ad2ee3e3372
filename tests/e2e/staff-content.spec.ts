import { expect, test } from './support/test'
import { pngImage } from '../support/images'
import { closeE2eDatabase, e2eDatabase, signedInPage, uniqueLabel } from './support/staff'

// Content editing end to end: without JavaScript, staff publish a news article with
// an uploaded image and change a plan's price, and a visitor sees both. The e2e database is shared
// with the other files, so this file puts the plan's price back and removes its article at the end.

const ESSENTIAL = { id: 1, price: 299 }
const PROFESSIONAL = { id: 2, description: 'Complete managed IT and security for growing teams.' }
let slug = ''

test.afterAll(async () => {
  const db = await e2eDatabase()
  await db.collection('plans').updateOne({ id: ESSENTIAL.id }, { $set: { price: ESSENTIAL.price } })
  await db.collection('plans').updateOne({ id: PROFESSIONAL.id }, { $set: { description: PROFESSIONAL.description } })
  if (slug) await db.collection('newsarticles').deleteOne({ slug })
  // Tell every instance the content changed, as the app does (content/content-version.server.ts).
  await db
    .collection('contentversions')
    .updateOne({ _id: 'site' as never }, { $set: { token: uniqueLabel('e2e'), changedAt: new Date() } }, { upsert: true })
  await closeE2eDatabase()
})

test('without JavaScript, staff publish an article with an uploaded image and change a price, and a visitor sees both', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, { javaScriptEnabled: false })
  const title = `Printer security for the service drive ${uniqueLabel('e2e')}`
  slug = title.toLowerCase().replaceAll(' ', '-')

  // A new article, written as a draft with an uploaded hero image.
  await page.goto('/admin/content/news')
  await page.getByRole('link', { name: 'New news article' }).click()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Slug (the address: /news/slug)').fill(slug)
  await page.getByLabel('Date').fill(new Date().toISOString().slice(0, 10))
  await page.getByLabel('Excerpt').fill('Shared printers keep copies of every page they print.')
  await page
    .getByLabel('Body (Markdown)')
    .fill('Printers remember.\n\n## What to do\n\n- Wipe the disk\n- Update the firmware\n\n<script>alert(1)</script>')
  await page
    .getByLabel('Or upload an image (PNG, JPEG or WebP, at most 2 MB)')
    .setInputFiles({ name: 'printer.png', mimeType: 'image/png', buffer: pngImage(800, 500, [16, 185, 129]) })
  await page.getByRole('button', { name: 'Create news article' }).click()
  await expect(page).toHaveURL(/\/admin\/content\/news$/)
  const row = page.getByRole('listitem').filter({ hasText: title })
  await expect(row).toContainText('Draft')

  // Staff preview the draft; then publish it from the list.
  await page.goto(`/news/${slug}`)
  await expect(page.getByText('Preview: this article is a draft.')).toBeVisible()
  await page.goto('/admin/content/news')
  await row.getByRole('button', { name: `Publish ${title}` }).click()
  await expect(row).toContainText('Published')

  // The Essential plan's price.
  await page.goto('/admin/content/plans/1')
  await page.getByLabel('Monthly price (USD)').fill('315.50')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(/\/admin\/content\/plans$/)
  await expect(page.getByRole('listitem').filter({ hasText: 'Essential' })).toContainText('$315.50 / month')
  await context.close()

  // A visitor (no cookies, no JavaScript) sees both.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/')
  await expect(visitor.locator('#essential-price')).toContainText('$315.50')
  await expect(visitor.locator('#news').getByRole('heading', { name: title })).toBeVisible()
  await visitor.locator('#news').getByRole('link', { name: title, exact: true }).click()
  await expect(visitor).toHaveURL(new RegExp(`/news/${slug}$`))
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(visitor.getByRole('heading', { level: 2, name: 'What to do' })).toBeVisible()
  await expect(visitor.getByText('<script>alert(1)</script>')).toBeVisible()
  await expect(visitor.getByText('Preview: this article is a draft.')).toHaveCount(0)
  const hero = visitor.locator('main article img').first()
  await expect(hero).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{24}\.png$/)
  expect(await hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(800)
  await visitor.goto('/checkout/1')
  await expect(visitor.getByText('$315.50').first()).toBeVisible()
  await visitorContext.close()
})

test('two staff editing one plan: the second save is refused with a readable conflict, nothing overwritten', async ({
  browser,
  allowConsoleErrors,
}) => {
  // With JavaScript the refused save is a 409 the browser reports in its console.
  allowConsoleErrors(/status of 409/)
  const first = await signedInPage(browser, { at: '/admin/content/plans/2' })
  const second = await signedInPage(browser, { at: '/admin/content/plans/2' })

  await first.page.getByLabel('Description').fill('Edited by the first')
  await first.page.getByRole('button', { name: 'Save changes' }).click()
  await expect(first.page).toHaveURL(/\/admin\/content\/plans$/)

  await second.page.getByLabel('Description').fill('Edited by the second')
  await second.page.getByRole('button', { name: 'Save changes' }).click()
  await expect(second.page.getByRole('alert')).toContainText(
    'Someone else saved this plan while you were editing it, so your changes were not saved.',
  )
  await expect(second.page.getByText('Saved by someone else: Edited by the first')).toBeVisible()
  await expect(second.page.getByLabel('Description')).toHaveValue('Edited by the second')
  const db = await e2eDatabase()
  expect((await db.collection('plans').findOne({ id: PROFESSIONAL.id }))?.description).toBe('Edited by the first')
  await first.context.close()
  await second.context.close()
})

test('an upload that lies about its type is refused with a form error and nothing is stored', async ({ browser, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/)
  const { context, page } = await signedInPage(browser)
  const db = await e2eDatabase()
  const uploadsBefore = await db.collection('uploads.files').countDocuments()
  const service = await db.collection('services').findOne({ id: 4 })
  await page.goto('/admin/content/services/4')
  await page.getByLabel('Or upload an image (PNG, JPEG or WebP, at most 2 MB)').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert')).toContainText('This file is not a PNG, JPEG or WebP image (whatever its name says).')
  expect(await db.collection('uploads.files').countDocuments()).toBe(uploadsBefore)
  expect((await db.collection('services').findOne({ id: 4 }))?.version).toBe(service?.version)
  await context.close()
})
