import { hostname } from 'node:os'

/**
 * Names this process among the instances behind the load balancer: in every log line, in job
 * leases and in outbox delivery attempts. A container's host name is its own; the pid tells the
 * workers of one machine apart.
 */
export const INSTANCE_ID = `${hostname()}/${process.pid}`
