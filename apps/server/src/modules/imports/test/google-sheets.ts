import type { ZipInput } from './zip.js';

/**
 * A workbook written the way Google Sheets writes one ("File → Download → Microsoft Excel"),
 * part by part, so that what it does differently from Excel and LibreOffice is in the tests:
 *
 * - numbers are Java's `Double.toString`: `1952.0`, `25.0`, `1.7876956E7` (from 10^7 on),
 *   `1.23E-4` (below 10^-3) — never Excel's shortest text;
 * - no `<dimension>` element; `<sheetViews>` and `<sheetFormatPr customHeight="1" …>` instead,
 *   and an empty drawing part related to every sheet;
 * - every cell carries a style (`s`), empty cells are left out or written as `<c r=".." s=".."/>`
 *   when they are formatted;
 * - the workbook's relationships list styles and shared strings first and the worksheets with
 *   ids that do not follow the sheets' order (`rId3` → `sheet2.xml`), `<sheet state="visible" …>`;
 * - dates are numbers whose cell format is a custom `numFmt` (id 164 on, e.g. `yyyy-mm-dd`),
 *   booleans are `t="b"`, formulas keep their cached value (`t="str"` for texts), shared
 *   strings keep leading and trailing spaces with `xml:space="preserve"` and digits with
 *   leading zeros as text.
 *
 * The parts follow a real export (the structure of `iris-google-doc.xlsx` and
 * `sheet-xml-lookup.xlsx` of readxl's test sheets) with the values below; see
 * `fixtures/README.md`.
 */

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';
/** The namespaces Google Sheets declares on the workbook and every worksheet. */
const NS =
  `xmlns="${MAIN}" xmlns:r="${REL}" xmlns:mx="http://schemas.microsoft.com/office/mac/excel/2008/main" ` +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:mv="urn:schemas-microsoft-com:mac:vml" ' +
  'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" ' +
  'xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" ' +
  'xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"';

/** Shared strings in order of first use, as Google Sheets numbers them. */
const STRINGS = [
  'Code',
  'Name',
  'Amount',
  'Qty',
  'Due',
  'Paid',
  'Double',
  'Label',
  '00123',
  ' Jürgen Größe ',
  '0042',
  'Éloïse & Œuvre',
  'P-7',
  'Ёлка Москва',
  'Sheet two',
  'Nullwerte',
];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function sst(): string {
  const items = STRINGS.map((s) =>
    s !== s.trim() ? `<si><t xml:space="preserve">${esc(s)}</t></si>` : `<si><t>${esc(s)}</t></si>`,
  ).join('');
  // `count` is the number of uses, `uniqueCount` the number of strings.
  return `${HEAD}<sst xmlns="${MAIN}" count="21" uniqueCount="${STRINGS.length}">${items}</sst>`;
}

/**
 * Cell styles: 0 default, 1 header (bold font), 2 plain number, 3 a date (`numFmt` 164,
 * `yyyy-mm-dd`), 4 a number with two decimals (`numFmt` 165, `#,##0.00`).
 */
function styles(): string {
  return (
    `${HEAD}<styleSheet xmlns="${MAIN}" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">` +
    '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="#,##0.00"/></numFmts>' +
    '<fonts count="3"><font><sz val="10.0"/><color rgb="FF000000"/><name val="Arial"/><scheme val="minor"/></font><font><b/><color theme="1"/><name val="Arial"/><scheme val="minor"/></font><font><color theme="1"/><name val="Arial"/><scheme val="minor"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="lightGray"/></fill></fills>' +
    '<borders count="1"><border/></borders>' +
    '<cellStyleXfs count="1"><xf borderId="0" fillId="0" fontId="0" numFmtId="0" applyAlignment="1" applyFont="1"/></cellStyleXfs>' +
    '<cellXfs count="5">' +
    '<xf borderId="0" fillId="0" fontId="0" numFmtId="0" xfId="0" applyAlignment="1" applyFont="1"><alignment readingOrder="0" shrinkToFit="0" vertical="bottom" wrapText="0"/></xf>' +
    '<xf borderId="0" fillId="0" fontId="1" numFmtId="0" xfId="0" applyAlignment="1" applyFont="1"><alignment readingOrder="0"/></xf>' +
    '<xf borderId="0" fillId="0" fontId="2" numFmtId="0" xfId="0" applyAlignment="1" applyFont="1"><alignment horizontal="right" vertical="bottom"/></xf>' +
    '<xf borderId="0" fillId="0" fontId="2" numFmtId="164" xfId="0" applyAlignment="1" applyFont="1" applyNumberFormat="1"><alignment horizontal="right" vertical="bottom"/></xf>' +
    '<xf borderId="0" fillId="0" fontId="2" numFmtId="165" xfId="0" applyAlignment="1" applyFont="1" applyNumberFormat="1"><alignment horizontal="right" vertical="bottom"/></xf>' +
    '</cellXfs><cellStyles count="1"><cellStyle xfId="0" name="Normal" builtinId="0"/></cellStyles><dxfs count="0"/></styleSheet>'
  );
}

const str = (ref: string, i: number, s = 2) => `<c r="${ref}" s="${s}" t="s"><v>${i}</v></c>`;
const num = (ref: string, v: string, s = 2) => `<c r="${ref}" s="${s}"><v>${v}</v></c>`;
const bool = (ref: string, v: 0 | 1) => `<c r="${ref}" s="2" t="b"><v>${v}</v></c>`;

function worksheet(rows: string): string {
  return (
    `${HEAD}<worksheet ${NS}><sheetPr><outlinePr summaryBelow="0" summaryRight="0"/></sheetPr>` +
    '<sheetViews><sheetView workbookViewId="0"/></sheetViews>' +
    '<sheetFormatPr customHeight="1" defaultColWidth="12.63" defaultRowHeight="15.75"/>' +
    `<sheetData>${rows}</sheetData><drawing r:id="rId1"/></worksheet>`
  );
}

/**
 * Sheet "Kunden": Code (text, leading zeros kept), Name, Amount (`#,##0.00`, many digits),
 * Qty, Due (a date), Paid (a boolean), Double (a formula `=C*2` with its cached value), Label
 * (a text formula). Row 4 has empty cells, one of them formatted.
 */
function kunden(): string {
  const header = `<row r="1">${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => str(`${'ABCDEFGH'[i]}1`, i, 1)).join('')}</row>`;
  const r2 =
    '<row r="2">' +
    str('A2', 8) +
    str('B2', 9) +
    num('C2', '12.5', 4) +
    num('D2', '1952.0') +
    num('E2', '46159.0', 3) +
    bool('F2', 1) +
    '<c r="G2" s="4"><f>C2*2</f><v>25.0</v></c>' +
    '<c r="H2" s="2" t="str"><f>A2&amp;"-"&amp;D2</f><v>00123-1952</v></c>' +
    '</row>';
  const r3 =
    '<row r="3">' +
    str('A3', 10) +
    str('B3', 11) +
    num('C3', '1.2345678901234E11', 4) +
    num('D3', '1.7876956E7') +
    num('E3', '36525.0', 3) +
    bool('F3', 0) +
    '<c r="G3" s="4"><f>C3*2</f><v>2.4691357802468E11</v></c>' +
    '<c r="H3" s="2" t="str"><f>A3&amp;"-"&amp;D3</f><v>0042-17876956</v></c>' +
    '</row>';
  // Row 4: no Qty, no Due (formatted but empty), no Paid, no formulas.
  const r4 =
    '<row r="4">' +
    str('A4', 12) +
    str('B4', 13) +
    num('C4', '-1.23E-4', 4) +
    '<c r="E4" s="3"/>' +
    '</row>';
  // Google Sheets writes no row for an empty row (row 5) and ends with the last one used.
  const r6 = `<row r="6">${str('A6', 14)}${str('B6', 15)}${num('C6', '-0.0', 4)}${num('D6', '7.0')}</row>`;
  return worksheet(header + r2 + r3 + r4 + r6);
}

/** Sheet "Zweites Blatt": one header and one row. */
function second(): string {
  return worksheet(
    `<row r="1">${str('A1', 0, 1)}${str('B1', 1, 1)}</row><row r="2">${str('A2', 12)}${str('B2', 14)}</row>`,
  );
}

/** The rows `Workbook` reads from each sheet of `googleSheetsEntries()`. */
export const GOOGLE_SHEETS_ROWS = {
  Kunden: [
    ['Code', 'Name', 'Amount', 'Qty', 'Due', 'Paid', 'Double', 'Label'],
    ['00123', ' Jürgen Größe ', '12.5', '1952', '2026-05-17', 'true', '25', '00123-1952'],
    [
      '0042',
      'Éloïse & Œuvre',
      '123456789012.34',
      '17876956',
      '1999-12-31',
      'false',
      '246913578024.68',
      '0042-17876956',
    ],
    // The formatted empty Due cell is read as an empty cell.
    ['P-7', 'Ёлка Москва', '-0.000123', null, null],
    ['Sheet two', 'Nullwerte', '0', '7'],
  ],
  'Zweites Blatt': [
    ['Code', 'Name'],
    ['P-7', 'Sheet two'],
  ],
};

/** The parts of the workbook, in the order Google Sheets puts them in the archive. */
export function googleSheetsEntries(): ZipInput[] {
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
  const rels = (list: string) => `${HEAD}<Relationships xmlns="${PKG}">${list}</Relationships>`;
  const drawing =
    `${HEAD}<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ` +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    `xmlns:r="${REL}" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ` +
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
    'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram"/>';
  const sheetRels = (n: number) =>
    rels(rel('rId1', 'drawing', `../drawings/worksheetdrawing${n}.xml`));
  const override = (part: string, type: string) =>
    `<Override ContentType="${type}" PartName="${part}"/>`;
  return [
    // "Kunden" is sheet2.xml and "Zweites Blatt" sheet1.xml: names never follow the order.
    { name: 'xl/worksheets/sheet1.xml', data: second() },
    { name: 'xl/worksheets/_rels/sheet1.xml.rels', data: sheetRels(1) },
    { name: 'xl/worksheets/sheet2.xml', data: kunden() },
    { name: 'xl/worksheets/_rels/sheet2.xml.rels', data: sheetRels(2) },
    { name: 'xl/drawings/worksheetdrawing1.xml', data: drawing },
    { name: 'xl/drawings/worksheetdrawing2.xml', data: drawing },
    { name: 'xl/sharedStrings.xml', data: sst() },
    { name: 'xl/styles.xml', data: styles() },
    {
      name: 'xl/workbook.xml',
      data:
        `${HEAD}<workbook ${NS}><workbookPr/><sheets>` +
        '<sheet state="visible" name="Kunden" sheetId="1" r:id="rId3"/>' +
        '<sheet state="visible" name="Zweites Blatt" sheetId="2" r:id="rId4"/>' +
        '</sheets><definedNames/><calcPr/></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: rels(
        rel('rId2', 'sharedStrings', 'sharedStrings.xml') +
          rel('rId1', 'styles', 'styles.xml') +
          rel('rId4', 'worksheet', 'worksheets/sheet1.xml') +
          rel('rId3', 'worksheet', 'worksheets/sheet2.xml'),
      ),
    },
    { name: '_rels/.rels', data: rels(rel('rId1', 'officeDocument', 'xl/workbook.xml')) },
    {
      name: '[Content_Types].xml',
      data:
        `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default ContentType="application/vnd.openxmlformats-package.relationships+xml" Extension="rels"/>' +
        '<Default ContentType="application/xml" Extension="xml"/>' +
        override('/xl/drawings/worksheetdrawing2.xml', `${CT}.drawing+xml`) +
        override('/xl/drawings/worksheetdrawing1.xml', `${CT}.drawing+xml`) +
        override('/xl/styles.xml', `${CT}.spreadsheetml.styles+xml`) +
        override('/xl/sharedStrings.xml', `${CT}.spreadsheetml.sharedStrings+xml`) +
        override('/xl/workbook.xml', `${CT}.spreadsheetml.sheet.main+xml`) +
        override('/xl/worksheets/sheet2.xml', `${CT}.spreadsheetml.worksheet+xml`) +
        override('/xl/worksheets/sheet1.xml', `${CT}.spreadsheetml.worksheet+xml`) +
        '</Types>',
    },
  ];
}
