// Every page loads the same shell: React, React Router and the root route (header, footer, chat
// button, toasts). Left to the bundler, that shell arrives as some twenty small files, and a phone
// on HTTP/1.1 fetches them six at a time, a round trip per wave. This puts everything the browser
// entry and the root route import statically into one chunk; routes keep their own code.

type ModuleInfo = { importers: readonly string[] }
type ChunkingContext = { getModuleInfo(moduleId: string): ModuleInfo | null }

export const SITE_SHELL_CHUNK = 'site-shell'

/** React Router's browser entry, and the root route as built for the browser (the server build has neither). */
function isShellEntry(id: string) {
  return /[\\/]entry\.client\.[jt]sx?$/.test(id) || /[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/.test(id)
}

/** Whether a chain of static imports leads from a shell entry to this module (a walk up its importers). */
function inShell(moduleId: string, context: ChunkingContext) {
  const seen = new Set<string>()
  const pending = [moduleId]
  while (pending.length) {
    const id = pending.pop()!
    if (seen.has(id)) continue
    if (isShellEntry(id)) return true
    seen.add(id)
    pending.push(...(context.getModuleInfo(id)?.importers ?? []))
  }
  return false
}

/** `output.codeSplitting` group name: the shell chunk for the shell's modules, the bundler's choice for the rest. */
export function siteShellChunk(moduleId: string, context: ChunkingContext) {
  return inShell(moduleId, context) ? SITE_SHELL_CHUNK : null
}
