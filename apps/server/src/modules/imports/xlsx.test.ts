import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CELL, type Row } from './csv.js';
import { SharedStrings } from './shared-strings.js';
import {
  esc,
  sheetXml,
  sstXml,
  stylesXml,
  workbookEntries,
  type BookSpec,
} from './test/xlsx-fixtures.js';
import { GOOGLE_SHEETS_ROWS, googleSheetsEntries } from './test/google-sheets.js';
import { writeZip, type ZipInput } from './test/zip.js';
import {
  resolveTarget,
  spreadsheetNumber,
  Workbook,
  XlsxError,
  type WorkbookOptions,
} from './xlsx.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test', 'fixtures');
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function zipFile(entries: ZipInput[]): Promise<string> {
  const file = path.join(dir, `w${++n}.xlsx`);
  await writeZip(file, entries);
  return file;
}

/** Every sheet's rows (name → rows), read whole. */
async function readAll(file: string, options?: WorkbookOptions): Promise<Record<string, Row[]>> {
  const wb = await Workbook.open(file, options);
  try {
    const out: Record<string, Row[]> = {};
    for (const s of wb.sheets) {
      const rows: Row[] = [];
      await wb.readSheet(s, 2, (b) => {
        rows.push(...b.rows);
      });
      out[s.name] = rows;
    }
    return out;
  } finally {
    wb.close();
  }
}

async function problemOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof XlsxError) return err.problem.kind;
    throw err;
  }
  return 'none';
}

const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
const s = (ref: string, i: number) => `<c r="${ref}" t="s"><v>${i}</v></c>`;

describe('XLSX from other producers', () => {
  const kunden = [
    ['Code', 'Name', 'Amount', 'Due', 'Paid', 'Double'],
    ['D1', 'Jürgen Größe', '12.5', '2026-05-17', 'true', '25'],
    ['F1', 'Éloïse Çà & Œuvre', '-3.25', '1999-12-31', 'false', '-6.5'],
    ['P1', 'João Conceição', '1000000', null, null, '2000000'],
    ['R1', 'Ёлка Москва', '0', '2026-01-01', 'true', '0'],
  ];

  it('reads a LibreOffice workbook: sheets, texts, dates, booleans, formulas’ cached values', async () => {
    const got = await readAll(path.join(fixtures, 'libreoffice.xlsx'));
    expect(Object.keys(got)).toEqual(['Kunden', 'Zweites Blatt']);
    expect(got.Kunden).toEqual(kunden);
    expect(got['Zweites Blatt']).toEqual([
      ['Code', 'Name'],
      ['Z1', 'Zweite Zeile'],
    ]);
  });

  it('reads dates of a LibreOffice workbook in the 1904 date system', async () => {
    const got = await readAll(path.join(fixtures, 'libreoffice-1904.xlsx'));
    expect(got.Kunden).toEqual(kunden);
  });

  it('reads a Google Sheets workbook: Java number texts, custom date formats, booleans, formulas, leading zeros, spaces', async () => {
    const got = await readAll(await zipFile(googleSheetsEntries()));
    expect(Object.keys(got)).toEqual(['Kunden', 'Zweites Blatt']);
    expect(got).toEqual(GOOGLE_SHEETS_ROWS);
  });

  it('reads number texts of every producer as the numbers they are', () => {
    expect(
      ['1952.0', '25.0', '-0.0', '1.7876956E7', '1.0E7', '1.2345678901234E13', '-1.23E-4'].map(
        spreadsheetNumber,
      ),
    ).toEqual(['1952', '25', '0', '17876956', '10000000', '12345678901234', '-0.000123']);
    // Excel's and LibreOffice's texts stay as they are; more than 15 digits are rounded.
    expect(['12.5', '100', '-3.25', '1.23456789012345677E17'].map(spreadsheetNumber)).toEqual([
      '12.5',
      '100',
      '-3.25',
      '123456789012346000',
    ]);
  });

  it('finds parts through the relationships: other names, absolute targets, other case', async () => {
    const spec: BookSpec = {
      workbook: 'Book/Main Book.xml',
      workbookTarget: '/Book/Main%20Book.xml',
      sheets: [
        {
          name: 'Daten',
          part: 'Data/Sheet-A.xml',
          target: '/Data/Sheet-A.xml',
          xml: sheetXml(
            row(1, s('A1', 1) + s('B1', 0)) + row(2, '<c r="A2" s="1"><v>46159</v></c>'),
          ),
        },
        {
          name: 'Up',
          part: 'Book/sub/../other.xml',
          target: './sub/../other.xml',
          xml: sheetXml(row(1, s('A1', 0))),
        },
      ],
      strings: { part: 'Book/Strings.XML', target: 'strings.xml', xml: sstXml(['zwei', 'eins']) },
      styles: { part: 'Book/look.xml', target: '../Book/look.xml', xml: stylesXml() },
    };
    const entries = workbookEntries(spec).map((e) =>
      e.name === 'Book/sub/../other.xml' ? { ...e, name: 'Book/other.xml' } : e,
    );
    const got = await readAll(await zipFile(entries));
    expect(got).toEqual({ Daten: [['eins', 'zwei'], ['2026-05-17']], Up: [['zwei']] });
  });

  it('reads part names written with backslashes', async () => {
    const entries = workbookEntries({
      sheets: [{ name: 'S', xml: sheetXml(row(1, s('A1', 0))) }],
      strings: { xml: sstXml(['hallo']) },
    }).map((e) => ({ ...e, name: e.name.replace(/\//g, '\\') }));
    expect(await readAll(await zipFile(entries))).toEqual({ S: [['hallo']] });
  });

  it('reads inline strings (rich text runs, phonetic runs left out) and formula strings', async () => {
    const cells =
      '<c r="A1" t="inlineStr"><is><t>plain</t></is></c>' +
      '<c r="B1" t="inlineStr"><is><r><rPr><b/></rPr><t xml:space="preserve">Grüße </t></r><r><t>aus Köln</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></is></c>' +
      '<c r="C1" t="str"><f>CONCAT("a","b")</f><v>ab</v></c>' +
      '<c r="D1" t="e"><f>1/0</f><v>#DIV/0!</v></c>' +
      '<c r="E1" t="inlineStr"><is><t><![CDATA[x < y & z]]></t></is></c>';
    const file = await zipFile(
      workbookEntries({ sheets: [{ name: 'S', xml: sheetXml(row(1, cells)) }] }),
    );
    expect(await readAll(file)).toEqual({
      S: [['plain', 'Grüße aus Köln', 'ab', null, 'x < y & z']],
    });
  });

  it('reads the cached values of shared formulas (Excel) and cells without references', async () => {
    const rows =
      row(
        1,
        '<c r="A1"><v>2</v></c><c r="B1"><f t="shared" ref="B1:B3" si="0">A1*2</f><v>4</v></c>',
      ) +
      row(2, '<c r="A2"><v>3</v></c><c r="B2"><f t="shared" si="0"/><v>6</v></c>') +
      row(3, '<c r="A3"><v>5</v></c><c r="B3"><f t="shared" si="0"/></c>') +
      '<row><c><v>7</v></c><c t="b"><v>1</v></c></row>';
    const file = await zipFile(workbookEntries({ sheets: [{ name: 'S', xml: sheetXml(rows) }] }));
    expect(await readAll(file)).toEqual({
      S: [
        ['2', '4'],
        ['3', '6'],
        ['5', null],
        ['7', 'true'],
      ],
    });
  });

  it('reads a workbook without a shared strings part', async () => {
    const file = await zipFile(
      workbookEntries({
        sheets: [
          {
            name: 'S',
            xml: sheetXml(
              row(1, '<c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1"><v>1</v></c>'),
            ),
          },
        ],
      }),
    );
    expect(await readAll(file)).toEqual({ S: [['a', '1']] });
  });

  it('reads the 1904 date system and custom date-time formats', async () => {
    const file = await zipFile(
      workbookEntries({
        date1904: true,
        styles: { xml: stylesXml() },
        sheets: [
          {
            name: 'S',
            xml: sheetXml(
              row(
                1,
                '<c r="A1" s="1"><v>44697</v></c><c r="B1" s="2"><v>0.5</v></c><c r="C1"><v>44697</v></c>',
              ),
            ),
          },
        ],
      }),
    );
    expect(await readAll(file)).toEqual({
      S: [['2026-05-17', '1904-01-01T12:00:00.000Z', '44697']],
    });
  });

  it('reads ISO 29500 strict workbooks', async () => {
    const file = await zipFile(
      workbookEntries({
        strict: true,
        sheets: [
          {
            name: 'Strict',
            xml: sheetXml(row(1, s('A1', 0)), 'http://purl.oclc.org/ooxml/spreadsheetml/main'),
          },
        ],
        strings: { xml: sstXml(['streng']) },
      }),
    );
    expect(await readAll(file)).toEqual({ Strict: [['streng']] });
  });

  it('reads what ExcelJS writes', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Blatt');
    sheet.addRow(['Text', 12.5, true, new Date(Date.UTC(2026, 4, 17))]);
    sheet.getCell('D1').numFmt = 'dd.mm.yyyy';
    const file = path.join(dir, 'exceljs.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
    expect(await readAll(file)).toEqual({ Blatt: [['Text', '12.5', 'true', '2026-05-17']] });
  });

  it('resolves relationship targets', () => {
    expect(resolveTarget('xl/workbook.xml', 'worksheets/sheet1.xml')).toBe(
      'xl/worksheets/sheet1.xml',
    );
    expect(resolveTarget('xl/workbook.xml', '/xl/worksheets/sheet1.xml')).toBe(
      'xl/worksheets/sheet1.xml',
    );
    expect(resolveTarget('xl/workbook.xml', '../customXml/item1.xml')).toBe('customXml/item1.xml');
    expect(resolveTarget('', 'xl/workbook.xml')).toBe('xl/workbook.xml');
    expect(resolveTarget('a/b.xml', 'c%20d.xml')).toBe('a/c d.xml');
  });
});

describe('XLSX problems, told apart by kind', () => {
  const good = () =>
    workbookEntries({
      sheets: [{ name: 'S', xml: sheetXml(row(1, s('A1', 0))) }],
      strings: { xml: sstXml(['a']) },
    });

  it('a file that is not a zip', async () => {
    const file = path.join(dir, 'not.xlsx');
    writeFileSync(file, 'Code,Name\n1,2\n');
    expect(await problemOf(Workbook.open(file))).toBe('zip');
  });

  it('a package without a workbook', async () => {
    const file = await zipFile([{ name: 'hello.txt', data: 'hi' }]);
    expect(await problemOf(Workbook.open(file))).toBe('zip');
  });

  it('damaged compressed data', async () => {
    const file = await zipFile(
      good().map((e) =>
        e.name.includes('sheet1') ? { ...e, data: Buffer.from('x'), level: 0 } : e,
      ),
    );
    // Stored deflate of one byte, then the bytes are spoiled below.
    const bytes = Buffer.from(await import('node:fs/promises').then((f) => f.readFile(file)));
    const at =
      bytes.indexOf(Buffer.from('xl/worksheets/sheet1.xml')) + 'xl/worksheets/sheet1.xml'.length;
    bytes[at] = 0xff;
    bytes[at + 1] = 0xff;
    writeFileSync(file, bytes);
    const wb = await Workbook.open(file);
    try {
      expect(await problemOf(wb.readSheet(wb.sheets[0]!, 10, () => undefined))).toBe('zip');
    } finally {
      wb.close();
    }
  });

  it('malformed XML', async () => {
    const file = await zipFile(
      good().map((e) =>
        e.name.includes('sheet1') ? { ...e, data: '<worksheet><sheetData><row></worksheet>' } : e,
      ),
    );
    const wb = await Workbook.open(file);
    try {
      expect(await problemOf(wb.readSheet(wb.sheets[0]!, 10, () => undefined))).toBe('xml');
    } finally {
      wb.close();
    }
  });

  it('nesting deeper than any workbook needs', async () => {
    const deep = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    const file = await zipFile(
      good().map((e) => (e.name.includes('sheet1') ? { ...e, data: sheetXml(deep) } : e)),
    );
    const wb = await Workbook.open(file);
    try {
      expect(await problemOf(wb.readSheet(wb.sheets[0]!, 10, () => undefined))).toBe('xml');
    } finally {
      wb.close();
    }
  });

  it('a shared string longer than a cell may be', async () => {
    const file = await zipFile(
      workbookEntries({
        sheets: [{ name: 'S', xml: sheetXml(row(1, s('A1', 0))) }],
        strings: { xml: sstXml(['x'.repeat(MAX_CELL + 1)]) },
      }),
    );
    expect(await problemOf(readAll(file))).toBe('cell');
  });

  it('a shared string made of many runs longer than a cell may be', async () => {
    const runs = `<r><t>${'y'.repeat(1000)}</t></r>`.repeat(MAX_CELL / 1000 + 1);
    const file = await zipFile(
      workbookEntries({
        sheets: [{ name: 'S', xml: sheetXml(row(1, s('A1', 0))) }],
        strings: {
          xml: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si>${runs}</si></sst>`,
        },
      }),
    );
    expect(await problemOf(readAll(file))).toBe('cell');
  });

  it('an attribute value too long to be part of a workbook', async () => {
    const file = await zipFile(
      good().map((e) =>
        e.name.includes('sheet1')
          ? { ...e, data: sheetXml(`<row r="1" x="${'z'.repeat(4 * 1024 * 1024)}"/>`), level: 0 }
          : e,
      ),
    );
    const wb = await Workbook.open(file);
    try {
      expect(await problemOf(wb.readSheet(wb.sheets[0]!, 10, () => undefined))).toBe('cell');
    } finally {
      wb.close();
    }
  });

  it('a sheet whose cells hold more text than allowed (one shared string used over and over)', async () => {
    const cells = Array.from({ length: 50 }, (_, i) => row(i + 1, s(`A${i + 1}`, 0))).join('');
    const file = await zipFile(
      workbookEntries({
        sheets: [{ name: 'S', xml: sheetXml(cells) }],
        strings: { xml: sstXml(['w'.repeat(1000)]) },
      }),
    );
    expect(await problemOf(readAll(file, { limits: { maxSheetText: 20_000 } }))).toBe('text');
    expect((await readAll(file, { limits: { maxSheetText: 50_000 } })).S).toHaveLength(50);
  });

  it('a part that unpacks to more than it declares', async () => {
    const file = await zipFile(good());
    const bytes = Buffer.from(await import('node:fs/promises').then((f) => f.readFile(file)));
    // Lower the declared size of the sheet in the central directory.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const central = bytes.lastIndexOf(name) - 46;
    expect(bytes.readUInt32LE(central)).toBe(0x02014b50);
    bytes.writeUInt32LE(10, central + 24);
    writeFileSync(file, bytes);
    const wb = await Workbook.open(file);
    try {
      expect(await problemOf(wb.readSheet(wb.sheets[0]!, 10, () => undefined))).toBe('ratio');
    } finally {
      wb.close();
    }
  });
});

describe('XLSX shared strings', () => {
  it('keeps strings in memory within the budget and in a temporary file past it', () => {
    const strings = Array.from({ length: 1000 }, (_, i) =>
      i % 7 === 0 ? 'é'.repeat(i) : i % 11 === 0 ? '' : `Wert ${i} – Ёлка`,
    );
    const inMemory = new SharedStrings(1 << 30, dir);
    const onDisk = new SharedStrings(2048, dir);
    for (const x of strings) {
      inMemory.add(x);
      onDisk.add(x);
    }
    expect(inMemory.spilled).toBe(false);
    expect(onDisk.spilled).toBe(true);
    // The file is unlinked as soon as it is open: nothing is left in the folder.
    expect(readdirSync(dir).filter((f) => f.startsWith('xlsx-strings-'))).toEqual([]);
    const order = [...strings.keys()].sort((a, b) => ((a * 7919) % 1000) - ((b * 7919) % 1000));
    for (const i of order) expect(onDisk.get(i)).toBe(strings[i]);
    expect(onDisk.get(1000)).toBeUndefined();
    expect(onDisk.get(-1)).toBeUndefined();
    expect(onDisk.size).toBe(1000);
    inMemory.close();
    onDisk.close();
  });

  it('a workbook whose shared strings outgrow the budget reads the same', async () => {
    const strings = Array.from({ length: 5000 }, (_, i) => `Text ${i} ${'ß'.repeat(i % 50)}`);
    const rows = Array.from({ length: 2500 }, (_, i) =>
      row(i + 1, s(`A${i + 1}`, 4999 - i) + s(`B${i + 1}`, i * 2)),
    ).join('');
    const file = await zipFile(
      workbookEntries({
        sheets: [{ name: 'S', xml: sheetXml(rows) }],
        strings: { xml: sstXml(strings) },
      }),
    );
    const wb = await Workbook.open(file, { limits: { sharedStringsMemory: 10_000 }, tempDir: dir });
    const got: Row[] = [];
    try {
      await wb.readSheet(wb.sheets[0]!, 100, (b) => {
        got.push(...b.rows);
      });
      expect(wb.sharedStringsSpilled).toBe(true);
    } finally {
      wb.close();
    }
    expect(got).toHaveLength(2500);
    expect(got[0]).toEqual([strings[4999], strings[0]]);
    expect(got[2499]).toEqual([strings[2500], strings[4998]]);
  });

  it('a sample looks up only the strings its rows use and stops reading there', async () => {
    // Past the strings the first rows use, the part is broken: a sample never gets there.
    const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Code</t></si><si><t>${esc(
      'A & B',
    )}</t></si><si><t>third</t></si><si><t>broken</t><oops></sst>`;
    const rows = row(1, s('A1', 0)) + row(2, s('A2', 1)) + row(3, s('A3', 2)) + row(4, s('A4', 3));
    const file = await zipFile(
      workbookEntries({ sheets: [{ name: 'S', xml: sheetXml(rows) }], strings: { xml: sst } }),
    );
    const wb = await Workbook.open(file);
    try {
      expect(await wb.sample(wb.sheets[0]!, 2)).toEqual({
        rows: [['Code'], ['A & B']],
        nums: [1, 2],
      });
      expect(await problemOf(wb.sample(wb.sheets[0]!, 4))).toBe('xml');
    } finally {
      wb.close();
    }
  });

  it('reading a whole sheet keeps the memory of a 150 MB shared strings table bounded', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const block = randomBytes(3072).toString('base64');
    const count = 150_000;
    const strings = async function* () {
      yield '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
      let buf = '';
      for (let i = 0; i < count; i++) {
        const k = (i * 997) % 3000;
        buf += `<si><t>${block.slice(k, k + 1000)}</t></si>`;
        if (buf.length > 1 << 20) {
          yield buf;
          buf = '';
        }
      }
      yield `${buf}</sst>`;
    };
    const rows = row(1, s('A1', 0)) + row(2, s('A2', count - 1));
    const file = await zipFile(
      workbookEntries({ sheets: [{ name: 'S', xml: sheetXml(rows) }], strings: { xml: '' } }).map(
        (e) => (e.name === 'xl/sharedStrings.xml' ? { ...e, data: strings } : e),
      ),
    );
    gc();
    const before = process.memoryUsage().heapUsed;
    const wb = await Workbook.open(file, { tempDir: dir });
    try {
      const got: Row[] = [];
      await wb.readSheet(wb.sheets[0]!, 10, (b) => {
        got.push(...b.rows);
      });
      gc();
      const held = process.memoryUsage().heapUsed - before;
      expect(got).toEqual([
        [block.slice(0, 1000)],
        [block.slice(((count - 1) * 997) % 3000, (((count - 1) * 997) % 3000) + 1000)],
      ]);
      // The table unpacks to 150 MB; in memory it would hold about that much.
      expect(held).toBeLessThan(40 * 1024 * 1024);
      expect(wb.sharedStringsSpilled).toBe(true);
    } finally {
      wb.close();
    }
  }, 60_000);
});
