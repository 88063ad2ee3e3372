import { describe, expect, it } from 'vitest'
import { pageWindow } from './pagination'

describe('admin pagination', () => {
  it('skips to the wanted page', () => {
    expect(pageWindow(120, 2, 50)).toEqual({ page: 2, pageCount: 3, skip: 50, limit: 50 })
  })
  it('clamps pages out of range and shows one page when empty', () => {
    expect(pageWindow(120, 9, 50).page).toBe(3)
    expect(pageWindow(120, -4, 50).page).toBe(1)
    expect(pageWindow(0, 1, 50)).toEqual({ page: 1, pageCount: 1, skip: 0, limit: 50 })
  })
})
