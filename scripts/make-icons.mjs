// Renders the site's raster icons and its Open Graph image from the SVG artwork, in Chromium, and
// writes them into public/. Run it after changing public/images/favicon.svg or the OG design:
//
//   node scripts/make-icons.mjs
//
// Browsers still ask for /favicon.ico and iOS for /apple-touch-icon.png whatever the page links;
// social sites ignore SVG previews, so the Open Graph image is a 1200×630 PNG.
import { Buffer } from 'node:buffer'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './lib/local-services.mjs'

const projectRoot = path.resolve(import.meta.dirname, '..')
const publicDir = path.join(projectRoot, 'public')
const favicon = readFileSync(path.join(publicDir, 'images/favicon.svg'), 'utf8')
const BRAND_NAVY = '#0b1f3a'

/** The shield on a square: transparent (favicon), or on navy with room around it (home screens). */
function iconPage(size, { background = 'transparent', padding = 0 } = {}) {
  const inner = size - 2 * padding
  const svg = favicon.replace(/width="32" height="32"/, `width="${inner}" height="${inner}"`)
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">${svg}</body></html>`
}

function ogPage() {
  const svg = favicon.replace(/width="32" height="32"/, 'width="168" height="168"')
  return `<!doctype html><html><body style="margin:0">
  <div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 96px;display:flex;flex-direction:column;justify-content:space-between;
    background:radial-gradient(circle at 85% 20%, #1d4ed8 0, transparent 55%), linear-gradient(135deg, ${BRAND_NAVY} 0%, #102649 60%, #183560 100%);
    color:#fff;font-family:'DejaVu Sans', Arial, sans-serif">
    <div style="display:flex;align-items:center;gap:40px">${svg}
      <div><div style="font-size:72px;font-weight:bold;letter-spacing:-1px">Roswell IT Solutions</div>
      <div style="font-size:34px;color:#bae6fd;margin-top:12px">Managed IT · Cybersecurity · Cloud · VoIP</div></div>
    </div>
    <div style="font-size:32px;line-height:1.4;color:#e2e8f0;max-width:980px">Modern technology solutions for Georgia businesses and car dealerships, supported from Roswell, Georgia.</div>
    <div style="height:10px;width:220px;border-radius:5px;background:#f59e0b"></div>
  </div></body></html>`
}

/** An .ico holding PNG images (supported by every browser since Windows Vista-era icon readers). */
function icoFromPngs(pngs) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(pngs.length, 4)
  const entries = []
  let offset = 6 + 16 * pngs.length
  for (const { size, bytes } of pngs) {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0)
    entry.writeUInt8(size >= 256 ? 0 : size, 1)
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(bytes.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += bytes.length
    entries.push(entry)
  }
  return Buffer.concat([header, ...entries, ...pngs.map((png) => png.bytes)])
}

const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS })
try {
  async function render(html, width, height, { transparent = false } = {}) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 })
    await page.setContent(html)
    const bytes = await page.screenshot({ type: 'png', omitBackground: transparent })
    await page.close()
    return bytes
  }

  const icoSizes = [16, 32, 48]
  const icoImages = []
  for (const size of icoSizes) icoImages.push({ size, bytes: await render(iconPage(size), size, size, { transparent: true }) })
  writeFileSync(path.join(publicDir, 'favicon.ico'), icoFromPngs(icoImages))

  // iOS puts transparent pixels on black: a navy square with the shield inset.
  writeFileSync(
    path.join(publicDir, 'apple-touch-icon.png'),
    await render(iconPage(180, { background: BRAND_NAVY, padding: 22 }), 180, 180),
  )
  // Web app manifest icons; the 512 one is also "maskable": the shield stays inside the safe circle.
  writeFileSync(path.join(publicDir, 'images/icon-192.png'), await render(iconPage(192, { background: BRAND_NAVY, padding: 24 }), 192, 192))
  writeFileSync(path.join(publicDir, 'images/icon-512.png'), await render(iconPage(512, { background: BRAND_NAVY, padding: 96 }), 512, 512))
  writeFileSync(path.join(publicDir, 'images/og-default.png'), await render(ogPage(), 1200, 630))
  console.log('wrote public/favicon.ico, public/apple-touch-icon.png, public/images/icon-192.png, icon-512.png, og-default.png')
} finally {
  await browser.close()
}
