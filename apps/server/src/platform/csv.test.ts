import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['+353 1 234 5678', "'+353 1 234 5678"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['=1,2', `"'=1,2"`],
  ])('neutralises a cell that a spreadsheet would run as a formula: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['ACME Ltd', 'ACME Ltd'],
    ['', ''],
    ['-12.50', '-12.50'],
    ['-3', '-3'],
    ['12.50', '12.50'],
    ['a=b', 'a=b'],
    ['Smith, John', '"Smith, John"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('leaves a harmless cell as RFC 4180 has it: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins guarded cells with commas and ends the line', () => {
    expect(csvLine(['=1+1', 'ok', '-5'])).toBe("'=1+1,ok,-5\n");
    expect(csvLine(['a', '@b'], '\r\n')).toBe("a,'@b\r\n");
  });
});
