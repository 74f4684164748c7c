import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@/lib/shared/csv';

describe('CSV', () => {
  it.each([
    ['plain', '"plain"'],
    ['say "hi", then go', '"say ""hi"", then go"'],
    ['line\nbreak', '"line\nbreak"'],
    ['https://example.com/a-b+c=d@e', '"https://example.com/a-b+c=d@e"'],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers and empty cells, with CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [[1, null]])).toBe('"a","b"\r\n"1",""\r\n');
  });
});

describe('spreadsheet cells stay data, never formulas', () => {
  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ['+1', '"\'+1"'],
    ['-2', '"\'-2"'],
    ['@SUM(A1)', '"\'@SUM(A1)"'],
    ['\t=1+1', '"\'\t=1+1"'],
    ['\r=1+1', '"\'\r=1+1"'],
  ])('guards a cell starting with a formula sign or a tab or carriage return: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['after spaces', '   =1+1'],
    ['after a no-break space', '\u00a0=1+1'],
    ['after a line feed', '\n+1'],
    ['after spaces and line feeds', ' \n \u00a0@SUM(A1)'],
    ['after a tab, then a space', '\t -2'],
  ])('guards a cell whose first non-blank character is a formula sign, %s', (_, value) => {
    expect(csvCell(value)).toBe(`"'${value}"`);
  });

  it.each([
    ['full-width equals', '＝HYPERLINK("http://evil")'],
    ['full-width plus', '＋1'],
    ['full-width minus', '－2'],
    ['full-width at', '＠SUM(A1)'],
    ['full-width equals after a space', ' ＝1'],
  ])('guards a cell starting with the %s', (_, value) => {
    expect(csvCell(value).startsWith(`"'`)).toBe(true);
  });

  it.each([['a=b'], ['1+1'], ['name@example.com'], ['   plain'], ['\nplain']])('leaves %j as it is: no formula sign first', (value) => {
    expect(csvCell(value)).toBe(`"${value}"`);
  });
});
