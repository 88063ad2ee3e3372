/**
 * One value per process, however many copies of the calling module are loaded. server.ts and the
 * React Router build are bundled separately, so a module both import (the logger, the metrics, the
 * request context) runs twice; state they must share is created once and kept on globalThis under a
 * registered symbol. In development, Vite's reloaded modules find the same value again.
 */
export function onePerProcess<T>(name: string, create: () => T): T {
  const key = Symbol.for(`roswell-it.${name}`)
  const shared = globalThis as { [key: symbol]: T | undefined }
  return (shared[key] ??= create())
}
