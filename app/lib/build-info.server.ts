import { version } from '../../package.json'

// Set by the build (vite.config.ts): GIT_COMMIT, else git's HEAD, else "unknown".
declare const __GIT_COMMIT__: string | undefined

/** Which build is running: package.json's version and the commit it was built from. */
export const BUILD_INFO = {
  version,
  commit: typeof __GIT_COMMIT__ === 'string' ? __GIT_COMMIT__ : 'unknown',
} as const
