import { describe, expect, it } from 'vitest'
import { jpegHeader, pngImage, webpHeader } from '#tests/support/images'
import { MAX_UPLOAD_BYTES } from '#app/domain/content-rules'
import { sniffImage, uploadProblem } from './image-sniffing.server'

const check = (bytes: Uint8Array, size = bytes.length) => uploadProblem({ size, bytes })

describe('what an upload really is', () => {
  it('reads the type and size of PNG, JPEG and WebP from the bytes', () => {
    expect(sniffImage(pngImage(120, 80))).toMatchObject({ type: 'png', contentType: 'image/png', extension: 'png', width: 120, height: 80 })
    expect(sniffImage(jpegHeader(800, 500))).toMatchObject({
      type: 'jpeg',
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: 800,
      height: 500,
    })
    expect(sniffImage(webpHeader(64, 40))).toMatchObject({ type: 'webp', contentType: 'image/webp', width: 64, height: 40 })
  })

  it('refuses an SVG, HTML, a GIF and text, whatever they are called', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')
    for (const bytes of [
      svg,
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('hello'),
    ]) {
      expect(sniffImage(bytes)).toBeNull()
      expect(check(bytes)).toMatch(/not a PNG, JPEG or WebP image/)
    }
  })

  it('refuses a PNG signature followed by something else', () => {
    const fake = Buffer.concat([pngImage(1, 1).subarray(0, 8), Buffer.from('<script>alert(1)</script>')])
    expect(sniffImage(fake)).toBeNull()
  })

  it('refuses an empty file and one over 2 MB with words for the form', () => {
    expect(check(new Uint8Array(), 0)).toBe('The chosen file is empty.')
    expect(check(pngImage(2, 2), MAX_UPLOAD_BYTES + 1)).toMatch(/the limit is 2 MB/)
    expect(check(pngImage(2, 2))).toBeNull()
  })
})
