import { closeSync, fstatSync, openSync, readSync } from 'node:fs'

// Only node:fs here: scripts/db-backup.ts imports this file directly, and the image runs it with
// Node's type stripping, without a bundler to resolve `#app/` paths.

/**
 * Settings that may instead be read from a file named by `<NAME>_FILE`: Docker and Kubernetes
 * mount secrets as files, which never show in `docker inspect`, a process listing or a crash dump.
 */
export const FILE_SETTINGS = [
  'ADMIN_PASSWORD',
  'SESSION_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'METRICS_TOKEN',
  'MONGODB_URI',
  'TEAMS_WEBHOOK_URL',
] as const
export type FileSetting = (typeof FILE_SETTINGS)[number]

/** A secret is a line or a few; anything bigger is a wrong path (a log, a device). */
export const MAX_SECRET_FILE_BYTES = 64 * 1024

export type SecretFiles = {
  /** The values read, by setting name. */
  values: Partial<Record<FileSetting, string>>
  /** Problems naming the variable and the path, never the content. */
  problems: string[]
}

/**
 * Reads every `<NAME>_FILE` that is set. Setting both `NAME` and `NAME_FILE` is a mistake, except
 * for SESSION_SECRET: its file is also where a local run keeps a generated secret, so the variable
 * wins and a file that does not exist yet is not an error.
 */
export function readSecretFiles(source: Record<string, string | undefined>): SecretFiles {
  const values: SecretFiles['values'] = {}
  const problems: string[] = []
  for (const name of FILE_SETTINGS) {
    const fileVariable = `${name}_FILE`
    const file = source[fileVariable]?.trim()
    if (!file) continue
    const session = name === 'SESSION_SECRET'
    if (source[name]?.trim()) {
      if (!session) problems.push(`${name} and ${fileVariable} are both set: keep one`)
      continue
    }
    try {
      // An empty file is unset, like an empty variable: compose needs a file for every secret it
      // names, so an optional one (Stripe, SMTP) is an empty file until it is filled in.
      values[name] = readSecretFile(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (session && code === 'ENOENT') continue
      problems.push(`${fileVariable}: cannot read ${file} (${code ?? (error as Error).message})`)
    }
  }
  return { values, problems }
}

/** The file's text without surrounding white space (editors and `echo` add a final newline). */
export function readSecretFile(file: string): string {
  const fd = openSync(file, 'r')
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw new Error('not a regular file')
    if (stat.size > MAX_SECRET_FILE_BYTES) throw new Error(`larger than ${MAX_SECRET_FILE_BYTES / 1024} KiB`)
    const buffer = Buffer.alloc(stat.size)
    let read = 0
    while (read < buffer.length) {
      const count = readSync(fd, buffer, read, buffer.length - read, read)
      if (count === 0) break
      read += count
    }
    return buffer
      .subarray(0, read)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
  } finally {
    closeSync(fd)
  }
}
