import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { ILLUSTRATION_PATTERN } from '#app/domain/content-rules'
import { ILLUSTRATIONS, illustrationName } from './illustrations'

test('every illustration staff can choose is an 800×500 SVG in public/images', async () => {
  for (const illustration of ILLUSTRATIONS) {
    expect(illustration).toMatch(ILLUSTRATION_PATTERN)
    const svg = await readFile(path.join(import.meta.dirname, '../../public', illustration), 'utf8')
    expect(svg).toContain('viewBox="0 0 800 500"')
  }
})

test('every illustration has a name in plain words, distinct from the others', () => {
  const names = ILLUSTRATIONS.map(illustrationName)
  expect(new Set(names).size).toBe(names.length)
  for (const name of names) expect(name).toMatch(/^[A-Z]/)
})
