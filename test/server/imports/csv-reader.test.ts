import { describe, expect, it } from 'vitest';
import { CsvReader, CsvSyntaxError, csvRecords } from '../../../server/platform/imports/csv-reader';

const read = (text: string) => [...csvRecords(text)].flat();
const failure = (text: string) => {
  try {
    read(text);
  } catch (error) {
    return error instanceof CsvSyntaxError ? [error.row, error.column, error.problem] : error;
  }
  return null;
};

describe('the CSV reader', () => {
  it('reads plain rows with LF, CRLF or CR line ends, and a byte-order mark', () => {
    expect(read('\uFEFFa,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted values with commas, doubled quotes and line breaks as one row', () => {
    expect(read('"Pune, MH","say ""hi""","two\nlines"\nnext,row\n')).toEqual([
      ['Pune, MH', 'say "hi"', 'two\nlines'],
      ['next', 'row'],
    ]);
  });

  it('keeps empty values and empty lines as rows, so row numbers match the spreadsheet', () => {
    expect(read('a,,c\n\nd,\n')).toEqual([['a', '', 'c'], [''], ['d', '']]);
  });

  it('names the row and column of an unclosed quote, a stray quote, and text after a closing quote', () => {
    expect(failure('Email,Name\na@x.test,"unclosed\n')).toEqual([2, 2, 'a quoted value is not closed']);
    expect(failure('Email,Name\na@x.test,"Ann"x\n')).toEqual([2, 2, 'a closing quote is followed by other characters']);
    expect(failure('a,b\nc,d"e\n')).toEqual([2, 2, 'a quote appears inside an unquoted value']);
  });

  it('refuses an overlong row, naming it', () => {
    const text = `short,row\na,${'x'.repeat(100)}\n`;
    expect(() => [...csvRecords(text, 10, 50)]).toThrow('row 2, column 2: a row is too long');
    expect(read(text)).toHaveLength(2);
  });

  it('hands rows on in batches', () => {
    const text = Array.from({ length: 5 }, (_, i) => `r${i}`).join('\n');
    expect([...csvRecords(text, 2)].map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it('reads the same records whatever the pieces the text arrives in', () => {
    const text = '\uFEFFEmail,Name\r\n"a@x.test","Ann ""A"" Smith"\r\nb@x.test,"two\nlines"\rc@x.test,\r\nd@x.test,Dee';
    const whole = read(text);
    for (const size of [1, 2, 3, 5, 7, 11]) {
      const reader = new CsvReader();
      const records: string[][] = [];
      for (let i = 0; i < text.length; i += size)
        records.push(...reader.push(text.slice(i, i + size), i + size >= text.length));
      expect(records).toEqual(whole);
    }
    expect(whole).toEqual([
      ['Email', 'Name'],
      ['a@x.test', 'Ann "A" Smith'],
      ['b@x.test', 'two\nlines'],
      ['c@x.test', ''],
      ['d@x.test', 'Dee'],
    ]);
  });

  it('finds an unclosed quote only at the end of the file, with its row and column', () => {
    const reader = new CsvReader();
    expect(reader.push('a,b\nc,"unclosed')).toEqual([['a', 'b']]);
    expect(() => reader.push(' still', true)).toThrow('row 2, column 2: a quoted value is not closed');
  });
});
