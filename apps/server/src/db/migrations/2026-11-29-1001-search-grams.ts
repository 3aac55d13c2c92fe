import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// pf_search_grams(text): every piece of one and two characters of the text in lower case — what
// the word-search index of an object holds beside its trigrams on PostgreSQL, so a search word
// of one or two characters is looked up instead of read row by row (platform/text-index.ts
// `buildSearchIndex`). `lower()` is the folding PostgreSQL's ILIKE applies to both sides, so a
// row whose text ILIKE-matches such a word holds the word's `lower()` among its pieces. The
// pieces at even and at odd offsets come from two passes of `regexp_matches` (C code, linear
// in the text; `.` also matches a line break here); duplicates are left in (GIN keeps each key
// once per row).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create or replace function pf_search_grams(t text) returns text[]
       language sql immutable strict parallel safe as $$
         select regexp_split_to_array(l, '')
           || array(select (regexp_matches(l, '..', 'g'))[1])
           || array(select (regexp_matches(substr(l, 2), '..', 'g'))[1])
         from (select lower(t) as l) s
       $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists pf_search_grams(text)`.execute(db);
}
