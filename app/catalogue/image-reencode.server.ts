import type { SniffedImage } from './image-sniffing.server'

/** 25 megapixels: a phone's largest photo; beyond that decoding alone takes hundreds of MB. */
export const MAX_UPLOAD_PIXELS = 25_000_000

export type ReencodedImage = { bytes: Buffer; width: number; height: number }
/** Words for the form when the image can't be stored. */
export type ReencodeProblem = { problem: string }

/**
 * Decodes and encodes an upload again in its own format: what is stored are pixels only, without
 * its EXIF, XMP or ICC data (a photo's GPS position, the camera's serial number) or anything
 * hidden after the image data. The EXIF orientation is applied first, so the picture stays upright.
 */
export async function reencodeImage(bytes: Uint8Array, image: SniffedImage): Promise<ReencodedImage | ReencodeProblem> {
  if (image.width * image.height > MAX_UPLOAD_PIXELS)
    return {
      problem: `The image is ${image.width} × ${image.height} pixels; the limit is 25 megapixels. Please make it smaller and try again.`,
    }
  // Loaded at the first upload: image processing is a large module few requests need.
  const { default: sharp } = await import('sharp')
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' }).rotate()
    const encoded =
      image.type === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : image.type === 'jpeg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { bytes: data, width: info.width, height: info.height }
  } catch {
    return { problem: 'This image could not be read. Please save it again as a PNG, JPEG or WebP and try again.' }
  }
}
