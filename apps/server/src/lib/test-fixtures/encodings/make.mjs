// Writes each sample text (src/*.csv, UTF-8) in the encodings its language is found in.
// Run from this folder: node make.mjs .
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
const here = path.dirname(fileURLToPath(import.meta.url));
const plan = {
  de: [
    'utf-8',
    'utf-8-bom',
    'utf-16le-bom',
    'utf-16be-bom',
    'utf-16le',
    'windows-1252',
    'iso-8859-1',
    'iso-8859-15',
  ],
  fr: ['utf-8', 'utf-16be', 'windows-1252', 'iso-8859-1', 'iso-8859-15'],
  pt: ['utf-8', 'utf-16le', 'windows-1252', 'iso-8859-1', 'iso-8859-15'],
  ru: ['utf-8', 'utf-16le-bom', 'utf-16be', 'windows-1251', 'koi8-r'],
};
const subst = { '€': 'EUR', '’': "'", '—': '-', Œ: 'Oe', œ: 'oe' };
const outDir = process.argv[2] ?? here;
mkdirSync(outDir, { recursive: true });
for (const [lang, encs] of Object.entries(plan)) {
  const text = readFileSync(`${here}/src/${lang}.csv`, 'utf8');
  for (const e of encs) {
    const bom = e.endsWith('-bom');
    const enc = e.replace('-bom', '');
    // Characters the code page lacks are written the way people write them there.
    let t = text;
    for (const [c, r] of Object.entries(subst))
      if (iconv.decode(iconv.encode(c, enc), enc) !== c) t = t.split(c).join(r);
    const bytes = iconv.encode(t, enc, { addBOM: bom });
    writeFileSync(`${outDir}/${lang}.${e}.csv`, bytes);
  }
}
