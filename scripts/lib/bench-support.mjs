// What the benchmarks share: waiting for a server, reading a process tree's CPU time from /proc,
// raw GETs, percentiles, and waiting for the machine to be idle between measurements.
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { Buffer } from 'node:buffer'
import http from 'node:http'

/** Waits until `url` answers 200 (a minute at most), failing at once if `child` exits. */
export async function waitUntilAnswering(url, child, name) {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${name} did not answer ${url} within 60 s`)
}

/** The ids of a process and all its descendants (the cluster's primary and its workers). */
export function processTree(pid) {
  const pids = [pid]
  for (let i = 0; i < pids.length; i++) {
    for (const task of safeReaddir(`/proc/${pids[i]}/task`)) {
      const children = safeRead(`/proc/${pids[i]}/task/${task}/children`).trim()
      if (children) pids.push(...children.split(/\s+/).map(Number))
    }
  }
  return pids
}

function safeReaddir(dir) {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function safeRead(file) {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

/** CPU time (user + system, ms) used so far by a process and its descendants. */
export function cpuMs(pid) {
  return processTree(pid).reduce((sum, id) => sum + (processStat(id)?.cpuMs ?? 0), 0)
}

/**
 * One process's own CPU time so far (ms) and when it started (clock ticks after boot: with the id,
 * it tells a process from a later one given the same id).
 */
export function processStat(pid) {
  const stat = safeRead(`/proc/${pid}/stat`)
  // Fields after the command name (which may contain spaces) start at index 2: utime is 14, stime 15,
  // starttime 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  if (fields.length < 20) return undefined
  return { cpuMs: ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000, started: fields[19] }
}

/** A process's command line, its arguments joined by spaces ('' once it has ended). */
export function processCommandLine(pid) {
  return safeRead(`/proc/${pid}/cmdline`).replaceAll('\0', ' ').trimEnd()
}

/** A GET whose body is kept as sent (fetch would decode a compressed one). */
export function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** The machine's idle and total clock ticks so far, all cores (from /proc/stat). */
export function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number)
  return { idle: fields[3] + fields[4], total: fields.reduce((sum, value) => sum + value, 0) }
}

/** The share of the machine's CPU time (all cores) spent busy between two readings of machineTicks. */
export function busyShareBetween(before, after) {
  return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total)
}

/** The share of the machine's CPU time (all cores) spent busy over `ms`. */
export async function busyShare(ms) {
  const before = machineTicks()
  await new Promise((resolve) => setTimeout(resolve, ms))
  return busyShareBetween(before, machineTicks())
}

/**
 * Waits until the machine is idle again. A target's traffic leaves work behind it (the access log
 * writes its entries to the database afterwards), which would otherwise slow the next target.
 */
export async function settle(maxMs = 30_000) {
  const deadline = Date.now() + maxMs
  while (Date.now() < deadline) if ((await busyShare(1000)) < 0.15) return
  console.log(`  (the machine was still busy after ${maxMs / 1000} s)`)
}

// What a browser sends (Chromium): with `br` in it, servers that prefer Brotli use it.
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
