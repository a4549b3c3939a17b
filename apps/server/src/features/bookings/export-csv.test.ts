import { describe, expect, it } from 'vitest';
import { linesToBytes } from './export-csv.ts';

describe("linesToBytes (a CSV batch's bytes)", () => {
  it('holds every line whole and in order, as UTF-8', () => {
    const lines = ['Reference,Company\n', 'S0000001,Ó Súilleabháin Teo.\n', 'S0000002,Café €5 📦\n'];
    const bytes = linesToBytes(lines, (line) => line);
    expect(bytes.toString('utf8')).toBe(lines.join(''));
    expect(bytes.length).toBe(Buffer.byteLength(lines.join('')));
  });

  it('grows past its first guess when lines are long, cutting no character at the edge', () => {
    // 1,000 bytes a line against a guess of 400: the buffer fills and grows many times, and with
    // three-byte characters some writes end a byte or two before its end.
    for (const filler of ['x', '€', '📦']) {
      const lines = Array.from(
        { length: 50 },
        (_, index) => `${index},${filler.repeat(1000 / Buffer.byteLength(filler))}\n`,
      );
      expect(linesToBytes(lines, (line) => line).toString('utf8')).toBe(lines.join(''));
    }
    // One line longer than twice the whole buffer.
    const huge = `1,${'é'.repeat(5000)}\n`;
    expect(linesToBytes([huge], (line) => line).toString('utf8')).toBe(huge);
  });

  it('is empty for no rows', () => {
    expect(linesToBytes([], (line: string) => line).length).toBe(0);
  });
});
