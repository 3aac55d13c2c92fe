import type { ZipInput } from './zip.js';

export const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A relationships part. `type` is the last segment (`worksheet`, `styles`, …). */
export function relsXml(list: { id: string; type: string; target: string }[], base = REL): string {
  return `${HEAD}<Relationships xmlns="${PKG}">${list
    .map((r) => `<Relationship Id="${r.id}" Type="${base}/${r.type}" Target="${r.target}"/>`)
    .join('')}</Relationships>`;
}

/** A shared strings part. */
export function sstXml(strings: string[]): string {
  return `${HEAD}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings
    .map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`)
    .join('')}</sst>`;
}

/** A worksheet around the given `<row>` elements. */
export function sheetXml(rows: string, ns = MAIN): string {
  return `${HEAD}<worksheet xmlns="${ns}"><sheetData>${rows}</sheetData></worksheet>`;
}

/** Styles: cell style 0 general, 1 a built-in date (14), 2 a custom date format. */
export function stylesXml(ns = MAIN): string {
  return `${HEAD}<styleSheet xmlns="${ns}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`;
}

export interface BookSpec {
  /** Part name of the workbook (default `xl/workbook.xml`). */
  workbook?: string;
  /** Target of the package relationship to the workbook (default: the part name, relative). */
  workbookTarget?: string;
  sheets: { name: string; part?: string; target?: string; xml: string }[];
  /** Shared strings; absent = no such part. */
  strings?: { part?: string; target?: string; xml: string };
  styles?: { part?: string; target?: string; xml: string };
  date1904?: boolean;
  /** Namespaces of ISO 29500 strict workbooks. */
  strict?: boolean;
}

const STRICT_MAIN = 'http://purl.oclc.org/ooxml/spreadsheetml/main';
const STRICT_REL = 'http://purl.oclc.org/ooxml/officeDocument/relationships';

/** The parts of a workbook as the spec says (relative targets from the workbook's folder). */
export function workbookEntries(spec: BookSpec): ZipInput[] {
  const wb = spec.workbook ?? 'xl/workbook.xml';
  const dir = wb.slice(0, wb.lastIndexOf('/') + 1);
  const main = spec.strict ? STRICT_MAIN : MAIN;
  const rel = spec.strict ? STRICT_REL : REL;
  const relTarget = (part: string) => (part.startsWith(dir) ? part.slice(dir.length) : `/${part}`);
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const overrides = [
    [wb, `${ct}.sheet.main+xml`],
    ...spec.sheets.map((s, i) => [
      s.part ?? `${dir}worksheets/sheet${i + 1}.xml`,
      `${ct}.worksheet+xml`,
    ]),
  ]
    .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
    .join('');
  const entries: ZipInput[] = [
    {
      name: '[Content_Types].xml',
      data: `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: relsXml(
        [{ id: 'rId1', type: 'officeDocument', target: spec.workbookTarget ?? wb }],
        rel,
      ),
    },
  ];
  const wbRels: { id: string; type: string; target: string }[] = [];
  const sheetTags: string[] = [];
  spec.sheets.forEach((s, i) => {
    const part = s.part ?? `${dir}worksheets/sheet${i + 1}.xml`;
    const id = `rIdS${i + 1}`;
    wbRels.push({ id, type: 'worksheet', target: s.target ?? relTarget(part) });
    sheetTags.push(`<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="${id}"/>`);
    entries.push({ name: part, data: s.xml });
  });
  if (spec.strings) {
    const part = spec.strings.part ?? `${dir}sharedStrings.xml`;
    wbRels.push({
      id: 'rIdT',
      type: 'sharedStrings',
      target: spec.strings.target ?? relTarget(part),
    });
    entries.push({ name: part, data: spec.strings.xml });
  }
  if (spec.styles) {
    const part = spec.styles.part ?? `${dir}styles.xml`;
    wbRels.push({ id: 'rIdY', type: 'styles', target: spec.styles.target ?? relTarget(part) });
    entries.push({ name: part, data: spec.styles.xml });
  }
  entries.push({
    name: `${dir}_rels/${wb.slice(dir.length)}.rels`,
    data: relsXml(wbRels, rel),
  });
  entries.push({
    name: wb,
    data: `${HEAD}<workbook xmlns="${main}" xmlns:r="${rel}">${
      spec.date1904 ? '<workbookPr date1904="1"/>' : '<workbookPr/>'
    }<sheets>${sheetTags.join('')}</sheets></workbook>`,
  });
  return entries;
}
