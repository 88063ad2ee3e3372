import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { ILLUSTRATION_PATTERN } from '#app/domain/content-rules'
import { ILLUSTRATIONS } from './illustrations'

test('every illustration staff can choose is an 800×500 SVG in public/images', async () => {
  for (const illustration of ILLUSTRATIONS) {
    expect(illustration).toMatch(ILLUSTRATION_PATTERN)
    const svg = await readFile(path.join(import.meta.dirname, '../../public', illustration), 'utf8')
    expect(svg).toContain('viewBox="0 0 800 500"')
  }
})
