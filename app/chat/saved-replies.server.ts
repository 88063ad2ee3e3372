import { isValidObjectId } from 'mongoose'
import { SAVED_REPLIES_MAX } from '#app/domain/chat-inbox'
import { User } from '#app/staff/user-model.server'
import { SavedReply } from './saved-reply-model.server'

// The team's saved replies: listed beside every conversation, added and removed by any staff member.

export type SavedReplyView = { id: string; title: string; text: string; author: string; createdAt: string }

export async function listSavedReplies(): Promise<SavedReplyView[]> {
  const docs = await SavedReply.find({}).sort({ title: 1 }).limit(SAVED_REPLIES_MAX).lean()
  return docs.map((doc) => ({
    id: String(doc._id),
    title: doc.title,
    text: doc.text,
    author: doc.authorName || 'Staff',
    createdAt: doc.createdAt.toISOString(),
  }))
}

export async function findSavedReply(id: string) {
  if (!isValidObjectId(id) || !/^[a-f\d]{24}$/i.test(id)) return null
  return SavedReply.findById(id, { title: 1, text: 1 }).lean()
}

/** Adds one; refused (409) once the team has SAVED_REPLIES_MAX, or when the title is taken. */
export async function addSavedReply(
  input: { title: string; text: string },
  author: { id: string; username: string },
): Promise<{ ok: true } | { ok: false; status: 409; field: 'title'; message: string }> {
  if ((await SavedReply.countDocuments({})) >= SAVED_REPLIES_MAX)
    return {
      ok: false,
      status: 409,
      field: 'title',
      message: `The team keeps at most ${SAVED_REPLIES_MAX} saved replies: delete one first.`,
    }
  const titleTaken = await SavedReply.exists({ title: input.title })
  if (titleTaken) return { ok: false, status: 409, field: 'title', message: 'A saved reply with this title exists already.' }
  const account = await User.findById(author.id, { name: 1, username: 1 }).lean()
  await SavedReply.create({ ...input, authorId: author.id, authorName: account?.name?.trim() || account?.username || author.username })
  return { ok: true }
}

/** True when it existed. */
export async function deleteSavedReply(id: string) {
  if (!isValidObjectId(id) || !/^[a-f\d]{24}$/i.test(id)) return false
  return (await SavedReply.deleteOne({ _id: id })).deletedCount > 0
}
