import { imageSize } from 'image-size'
import { MAX_UPLOAD_BYTES } from '#app/domain/content-rules'

// What an uploaded file really is, read from its bytes: a browser's or a client's word for the
// type (and the file's name) is never trusted. Only PNG, JPEG and WebP are accepted, never SVG
// (a script can live in one).

export type ImageType = 'png' | 'jpeg' | 'webp'
export type SniffedImage = { type: ImageType; contentType: string; extension: 'png' | 'jpg' | 'webp'; width: number; height: number }

/** Wider or taller than this is not a web image (and a decoder's memory bomb). */
const MAX_SIDE = 12_000

const FORMATS: Record<ImageType, { contentType: string; extension: SniffedImage['extension'] }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
}

function magicType(bytes: Uint8Array): ImageType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  return null
}

/** The image's type and size, or null when the bytes are not a PNG, JPEG or WebP image. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const type = magicType(bytes)
  if (!type) return null
  try {
    // The header must parse as that format too: a PNG signature followed by junk is not an image.
    const size = imageSize(bytes)
    const sizeType = size.type === 'jpg' ? 'jpeg' : size.type
    if (sizeType !== type || !size.width || !size.height) return null
    if (size.width > MAX_SIDE || size.height > MAX_SIDE) return null
    return { type, ...FORMATS[type], width: size.width, height: size.height }
  } catch {
    return null
  }
}

/** Why an upload is refused, in words for the form, or null when it may be stored. */
export function uploadProblem(file: { size: number; bytes: Uint8Array }): string | null {
  if (file.size === 0) return 'The chosen file is empty.'
  if (file.size > MAX_UPLOAD_BYTES)
    return `The image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB. Please make it smaller and try again.`
  if (!sniffImage(file.bytes))
    return 'This file is not a PNG, JPEG or WebP image (whatever its name says). Please choose a photo or picture in one of those formats.'
  return null
}
