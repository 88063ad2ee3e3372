import { Readable } from 'node:stream'
import mongoose from 'mongoose'
import { UPLOAD_PATH_PATTERN } from '#app/domain/content-rules'
import { ILLUSTRATION_SIZE, isIllustration } from './illustrations'
import { reencodeImage } from './image-reencode.server'
import { sniffImage, uploadProblem } from './image-sniffing.server'

// Images staff upload for services, solutions and articles, kept in the database (GridFS, bucket
// `uploads`) so every instance serves the same files and a backup of the database holds them.
// A stored file never changes: its address (/uploads/<id>.<ext>) can be cached forever.

const BUCKET = 'uploads'
// The driver mongoose brings (no second copy of it as our own dependency).
const { GridFSBucket, ObjectId } = mongoose.mongo
type ObjectId = mongoose.mongo.ObjectId

type UploadMetadata = { contentType: string; width: number; height: number; uploadedBy: string }

function bucket() {
  const db = mongoose.connection.db
  if (!db) throw new Error('the database is not connected')
  return new GridFSBucket(db, { bucketName: BUCKET })
}

export class UploadRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UploadRefused'
  }
}

export type StoredImage = { path: string; width: number; height: number }

/**
 * Stores an uploaded image after checking its bytes (never its name or declared type) and encoding
 * it again without its metadata; throws UploadRefused with words for the form when it is empty,
 * over 2 MB or 25 megapixels, or not a PNG, JPEG or WebP.
 */
export async function storeUpload(file: File, uploadedBy: string): Promise<StoredImage> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const problem = uploadProblem({ size: bytes.length, bytes })
  if (problem) throw new UploadRefused(problem)
  const image = sniffImage(bytes)!
  const clean = await reencodeImage(bytes, image)
  if ('problem' in clean) throw new UploadRefused(clean.problem)
  const metadata: UploadMetadata = { contentType: image.contentType, width: clean.width, height: clean.height, uploadedBy }
  const id = new ObjectId()
  await new Promise<void>((resolve, reject) => {
    const upload = bucket().openUploadStreamWithId(id, `${id.toHexString()}.${image.extension}`, { metadata })
    upload.once('finish', () => resolve())
    upload.once('error', reject)
    upload.end(clean.bytes)
  })
  return { path: `/uploads/${id.toHexString()}.${image.extension}`, width: clean.width, height: clean.height }
}

type StoredFile = { _id: ObjectId; length: number; filename: string; uploadDate?: Date; metadata?: UploadMetadata }

export type UploadChoice = StoredImage & { uploadedAt: Date }

/** The newest uploads, for the editor's picture choices (older ones stay usable by their address). */
export async function listRecentUploads(limit = 24): Promise<UploadChoice[]> {
  const files = (await bucket().find({}).sort({ uploadDate: -1 }).limit(limit).toArray()) as StoredFile[]
  return files
    .filter((file) => file.metadata && /^[0-9a-f]{24}\.(png|jpg|webp)$/.test(file.filename))
    .map((file) => ({
      path: `/uploads/${file.filename}`,
      width: file.metadata!.width,
      height: file.metadata!.height,
      uploadedAt: file.uploadDate ?? file._id.getTimestamp(),
    }))
}

async function findUpload(fileName: string): Promise<StoredFile | null> {
  const match = /^([0-9a-f]{24})\.(png|jpg|webp)$/.exec(fileName)
  if (!match) return null
  const [file] = (await bucket()
    .find({ _id: new ObjectId(match[1]) })
    .limit(1)
    .toArray()) as StoredFile[]
  return file && file.filename === fileName && file.metadata ? file : null
}

/** The width and height of an image a record may use, or null when it is neither an illustration nor a stored upload. */
export async function imageDimensions(path: string): Promise<{ width: number; height: number } | null> {
  if (isIllustration(path)) return ILLUSTRATION_SIZE
  if (!UPLOAD_PATH_PATTERN.test(path)) return null
  const file = await findUpload(path.slice('/uploads/'.length))
  return file?.metadata ? { width: file.metadata.width, height: file.metadata.height } : null
}

/** An upload as a response body, or null when there is none by that name. */
export async function openUpload(fileName: string) {
  const file = await findUpload(fileName)
  if (!file?.metadata) return null
  const stream = bucket().openDownloadStream(file._id)
  return { contentType: file.metadata.contentType, length: file.length, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> }
}
