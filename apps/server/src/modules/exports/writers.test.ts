import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Convert } from './cells.js';
import { csvField, CsvWriter } from './csv-writer.js';
import { columnLetters, sheetName, xmlText, XlsxWriter, ZoneOffsets } from './xlsx-writer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const same: Convert = (v) => (v === undefined ? null : (v as string | number | boolean | null));

describe('xlsx helpers', () => {
  it('names columns A…Z, AA…ZZ, AAA', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'ZZ',
      'AAA',
    ]);
  });

  it('makes sheet names Excel accepts', () => {
    expect(sheetName('Costs [2026]: a/b*c?', 'Records')).toBe('Costs  2026   a b c');
    expect(sheetName("'quoted'", 'Records')).toBe('quoted');
    expect(sheetName('A very long object name that goes on and on', 'Records')).toHaveLength(31);
    expect(sheetName('///', 'Records')).toBe('Records');
    expect(sheetName('History', 'Records')).toBe('History 1');
  });

  it('escapes XML and drops characters XML cannot carry', () => {
    expect(xmlText('a<b>&"c"\r\n\u0001\u001f\ud800z')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#13;\nz');
    expect(xmlText('😀 Привет')).toBe('😀 Привет');
  });

  it('turns instants into wall-clock time of a zone, across daylight saving', () => {
    const berlin = new ZoneOffsets('Europe/Berlin');
    const winter = Date.parse('2026-01-15T08:30:00.000Z');
    const summer = Date.parse('2026-07-15T08:30:00.000Z');
    expect(new Date(berlin.wall(winter)).toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(new Date(berlin.wall(summer)).toISOString()).toBe('2026-07-15T10:30:00.000Z');
    expect(new ZoneOffsets('Not/AZone').wall(winter)).toBe(winter);
    expect(new ZoneOffsets(undefined).wall(winter)).toBe(winter);
  });

  it('quotes CSV fields only when needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});

describe('writers', () => {
  it('XLSX: long texts are cut to what a cell holds, early dates stay text, control chars go', async () => {
    const file = path.join(dir, 'a.xlsx');
    const w = new XlsxWriter(
      file,
      [
        { heading: 'Text', kind: 'text' },
        { heading: 'Day', kind: 'date' },
        { heading: 'N', kind: 'number' },
      ],
      'Sheet',
    );
    await w.start();
    await w.rows(
      [
        ['x'.repeat(40_000), '1899-12-31', Number.NaN],
        ['bell\u0007', '2026-03-01', 1e21],
      ],
      [same, same, same],
    );
    await w.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(String(sheet.getRow(2).getCell(1).value)).toHaveLength(32_767);
    expect(sheet.getRow(2).getCell(2).value).toBe('1899-12-31');
    expect(sheet.getRow(2).getCell(3).value).toBe('NaN');
    expect(sheet.getRow(3).getCell(1).value).toBe('bell');
    expect(sheet.getRow(3).getCell(2).value).toEqual(new Date('2026-03-01T00:00:00.000Z'));
    expect(sheet.getRow(3).getCell(3).value).toBe(1e21);
  });

  it('XLSX with no rows still opens, with the header only', async () => {
    const file = path.join(dir, 'empty.xlsx');
    const w = new XlsxWriter(file, [{ heading: '=Head', kind: 'text' }], 'Empty');
    await w.start();
    await w.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Empty');
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(1).value).toBe("'=Head");
  });

  it('CSV: header neutralised, empty cells empty, one CRLF per row', async () => {
    const file = path.join(dir, 'a.csv');
    const w = new CsvWriter(file, [
      { heading: '+Plus', kind: 'text' },
      { heading: 'Flag', kind: 'boolean' },
      { heading: 'N', kind: 'number' },
    ]);
    await w.start();
    await w.rows(
      [
        [null, true, -1],
        ['-1', false, null],
      ],
      [same, same, same],
    );
    await w.finish();
    expect(await readFile(file, 'utf8')).toBe("\ufeff'+Plus,Flag,N\r\n,true,-1\r\n'-1,false,\r\n");
  });
});
