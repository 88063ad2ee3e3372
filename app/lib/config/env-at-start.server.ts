import { log } from '#app/lib/observability/logger.server'
import { type Env, getEnv, InvalidEnvironmentError } from './env.server'

/**
 * The environment for a process that is starting (the cluster's primary, each server): a bad
 * setting stops it at once with every problem in one log line, rather than failing later.
 */
export function envAtStart(): Env {
  try {
    return getEnv()
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      log.fatal({ problems: error.problems }, error.message)
      process.exit(1)
    }
    throw error
  }
}
