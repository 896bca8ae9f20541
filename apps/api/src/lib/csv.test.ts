import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+91 98200', "'+91 98200"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
  it('writes a header, CRLF line ends and a BOM', () => {
    expect(toCsv(['A', 'B'], [['1', null]])).toBe('\uFEFFA,B\r\n1,\r\n');
  });
});
