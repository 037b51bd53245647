import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '~/lib/csv';

describe('CSV for statements', () => {
  it.each([
    ['Tecno Spark 20', 'Tecno Spark 20'],
    ['Plates, 6 pieces', '"Plates, 6 pieces"'],
    ['The "Pro" kettle', '"The ""Pro"" kettle"'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+256 cable', "'+256 cable"],
    ['-5 off', "'-5 off"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['', ''],
  ])('writes %j as %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes numbers, negative ones too, and empty cells as they are', () => {
    expect(csvField(-4250)).toBe('-4250');
    expect(csvField(8.5)).toBe('8.5');
    expect(csvField(null)).toBe('');
  });

  it('ends every line in CRLF', () => {
    expect(
      csvText([
        ['a', 1],
        ['b,c', null],
      ]),
    ).toBe('a,1\r\n"b,c",\r\n');
  });
});
