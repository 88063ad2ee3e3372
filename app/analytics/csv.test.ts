import { describe, expect, it } from 'vitest'
import { csvNumberCell, csvRow, csvTextCell } from './csv'

describe('CSV cells', () => {
  it('quotes every text cell, doubling quotes the RFC 4180 way', () => {
    expect(csvTextCell('plain')).toBe('"plain"')
    expect(csvTextCell('0012')).toBe('"0012"')
    expect(csvTextCell('')).toBe('""')
    expect(csvTextCell('a,b')).toBe('"a,b"')
    expect(csvTextCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvTextCell('two\nlines')).toBe('"two\nlines"')
    expect(csvTextCell(undefined)).toBe('')
  })

  it('turns cells that a spreadsheet would run as formulas into text', () => {
    expect(csvTextCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvTextCell('+1')).toBe(`"'+1"`)
    expect(csvTextCell('-2')).toBe(`"'-2"`)
    expect(csvTextCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`)
    expect(csvTextCell('/path=1')).toBe('"/path=1"')
  })

  it('writes numbers bare and ends rows with CRLF', () => {
    expect(csvRow([csvNumberCell(200), csvNumberCell(1.5), csvNumberCell(Number.NaN)])).toBe('200,1.5,\r\n')
  })
})
