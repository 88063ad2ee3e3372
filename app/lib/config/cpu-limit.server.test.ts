import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cpusFromCpuMax, defaultWorkerCount } from './cpu-limit.server'

describe('the default number of server processes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cgroup-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const cpuMax = (text: string) => {
    const file = path.join(dir, `cpu.max-${Math.random()}`)
    writeFileSync(file, text)
    return file
  }

  it('is the CPU quota of the container, rounded up, when its cgroup sets one', () => {
    expect(defaultWorkerCount({ cpuMaxFile: cpuMax('200000 100000\n'), cores: 16 })).toBe(2)
    expect(defaultWorkerCount({ cpuMaxFile: cpuMax('150000 100000\n'), cores: 16 })).toBe(2)
    expect(defaultWorkerCount({ cpuMaxFile: cpuMax('50000 100000\n'), cores: 16 })).toBe(1)
  })

  it('is never more than the cores, and the cores without a quota or a cgroup v2 file', () => {
    expect(defaultWorkerCount({ cpuMaxFile: cpuMax('800000 100000\n'), cores: 4 })).toBe(4)
    expect(defaultWorkerCount({ cpuMaxFile: cpuMax('max 100000\n'), cores: 6 })).toBe(6)
    expect(defaultWorkerCount({ cpuMaxFile: path.join(dir, 'absent'), cores: 3 })).toBe(3)
    expect(defaultWorkerCount({ cpuMaxFile: cpuMax('garbage'), cores: 5 })).toBe(5)
  })

  it('reads cpu.max as cgroup v2 writes it', () => {
    expect(cpusFromCpuMax('max 100000')).toBeNull()
    expect(cpusFromCpuMax('250000 100000')).toBe(2.5)
    expect(cpusFromCpuMax('0 100000')).toBeNull()
  })
})
