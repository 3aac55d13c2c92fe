import {
  cleanNames,
  nameLanguages,
  type NameLanguage,
  type NameTranslations,
  type RecordRow,
} from '@fiscus/contracts';
import type { OpContext, Q } from './context.js';
import type { ObjectMeta } from './meta.js';

/**
 * Names of records in other languages (migration 2026-11-27-5005-record-names): a catalog's
 * record — a scenario, an article, a cost centre — is shown to a user of a language by its name
 * there wherever a reference shows it (grid, card, filters, cube members, reports, exports),
 * else by its display value. Records of objects of kind `reference` carry them; the card edits
 * them with the names input, `records.create`/`records.update` write them with `names`.
 */

export interface PfRecordNamesTable {
  object_id: string;
  record_id: number;
  lang: string;
  domain_id: string;
  label: string;
}

declare module '../db/schema.js' {
  interface Database {
    pf_record_names: PfRecordNamesTable;
  }
}

/** The language of a request as stored in `pf_record_names` (`de-CH` → `de`), or undefined. */
export function nameLanguageOf(lang: string): NameLanguage | undefined {
  const code = lang.slice(0, 2).toLowerCase();
  return (nameLanguages as readonly string[]).includes(code) ? (code as NameLanguage) : undefined;
}

/** Whether the records of an object carry names in other languages (catalogs). */
export function hasRecordNames(meta: ObjectMeta): boolean {
  return meta.kind === 'reference';
}

/** The names of records of an object in other languages, by record id. */
export async function readRecordNames(
  k: Q,
  objectId: string,
  ids: readonly number[],
): Promise<Map<number, NameTranslations>> {
  const out = new Map<number, NameTranslations>();
  const wanted = [...new Set(ids)].filter((n) => Number.isSafeInteger(n));
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await k
      .selectFrom('pf_record_names')
      .select(['record_id', 'lang', 'label'])
      .where('object_id', '=', objectId)
      .where('record_id', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const id = Number(r.record_id);
      let names = out.get(id);
      if (!names) out.set(id, (names = {}));
      names[r.lang as NameLanguage] = r.label;
    }
  }
  return out;
}

/** Fills `names` of a page of a catalog's records (other objects' records carry none). */
export async function attachRecordNames(
  ctx: OpContext,
  meta: ObjectMeta,
  records: RecordRow[],
): Promise<void> {
  if (!hasRecordNames(meta) || !records.length) return;
  const names = await readRecordNames(
    ctx.db.read ?? ctx.db.kysely,
    meta.id,
    records.map((r) => r.id),
  );
  for (const r of records) r.names = names.get(r.id) ?? {};
}

/** Replaces the names of a record in other languages (an empty map removes them). */
export async function writeRecordNames(
  k: Q,
  ctx: OpContext,
  meta: ObjectMeta,
  id: number,
  names: NameTranslations,
): Promise<void> {
  const kept = cleanNames(names);
  await k
    .deleteFrom('pf_record_names')
    .where('object_id', '=', meta.id)
    .where('record_id', '=', id)
    .execute();
  const rows = Object.entries(kept).map(([lang, label]) => ({
    object_id: meta.id,
    record_id: id,
    lang,
    domain_id: ctx.domainId,
    label: label as string,
  }));
  if (rows.length) await k.insertInto('pf_record_names').values(rows).execute();
}

/** Forgets the names of every record of an object (the object is deleted). */
export async function deleteRecordNamesOf(k: Q, objectId: string): Promise<void> {
  await k.deleteFrom('pf_record_names').where('object_id', '=', objectId).execute();
}
