import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { pngImage } from '#tests/support/images'
import { MAX_UPLOAD_PIXELS, reencodeImage } from './image-reencode.server'
import { sniffImage } from './image-sniffing.server'

async function photoWithGps() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 1/1 3/1' } })
    .toBuffer()
}

describe('L1: uploaded images', () => {
  it('L1: are stored without their EXIF data (a GPS position), as the same kind of image', async () => {
    const photo = await photoWithGps()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const clean = await reencodeImage(photo, sniffImage(photo)!)
    if ('problem' in clean) throw new Error(clean.problem)
    const metadata = await sharp(clean.bytes).metadata()
    expect(metadata.format).toBe('jpeg')
    expect(metadata.exif).toBeUndefined()
    expect(clean.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false)
    expect([clean.width, clean.height]).toEqual([64, 48])
  })

  it('L1: over 25 megapixels are refused before they are decoded', async () => {
    const png = pngImage(4, 4)
    // The header claims 12,000 × 12,000: refused from the sniffed size, never handed to the decoder.
    png.writeUInt32BE(12_000, 16)
    png.writeUInt32BE(12_000, 20)
    const image = sniffImage(png)!
    expect(image.width * image.height).toBeGreaterThan(MAX_UPLOAD_PIXELS)
    expect(await reencodeImage(png, image)).toEqual({ problem: expect.stringContaining('25 megapixels') })
  })
})
