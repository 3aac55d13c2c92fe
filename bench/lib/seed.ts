import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerBaseFunctions } from '../../apps/server/src/db/sqlite-functions.js';

/** Deterministic pseudo-random numbers (mulberry32) so runs are comparable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REGIONS = ['North', 'South', 'East', 'West', 'Central', 'Harbour', 'Airport', 'Mountain'];
const COMPANIES = [
  'Müller GmbH',
  'Schmidt & Söhne AG',
  'Acme Corporation',
  'Globex',
  'Initech',
  'Umbrella Pharma',
  'Stark Industries',
  'Wayne Enterprises',
  'ООО Ромашка',
  'Café Zürich',
  'Tyrell Corp',
  'Cyberdyne Systems',
  'Soylent Foods',
  'Hooli',
  'Vandelay Industries',
  'Wonka Chocolate',
];
const NOTES = ['Paid in advance', 'Call back', 'Überweisung offen', 'Проверить счёт', 'Disputed'];

/**
 * Inserts `rows` records into the object's table with multi-row INSERTs inside transactions
 * (≤ 32,766 bound values per statement on SQLite). Columns are looked up in the metadata.
 */
export async function seedRows(
  app: FastifyInstance,
  objectId: string,
  rows: number,
  userId: string,
): Promise<void> {
  const db = app.db.kysely;
  const object = await db
    .selectFrom('pf_objects')
    .select(['table_name'])
    .where('id', '=', objectId)
    .executeTakeFirstOrThrow();
  const fields = await db
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', objectId)
    .execute();
  const col = (code: string) => fields.find((f) => f.code === code)?.column_name as string;
  // `company` and `note` when the object has them (benchApp's textFields).
  const texts = col('company') && col('note');
  const columns = [
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    col('name'),
    col('amount'),
    col('category'),
    col('region'),
    col('day'),
    col('qty'),
    ...(texts ? [col('company'), col('note')] : []),
  ];
  const perRow = columns.length;
  const perStatement = Math.floor(32_766 / perRow);
  const perTransaction = 100_000;
  const random = rng(42);
  const now = new Date().toISOString();
  const start = Date.UTC(2024, 0, 1);
  // Money is exact: integer cents on SQLite, a decimal text for PostgreSQL's numeric
  // (platform/values.ts columnType).
  const amount = (cents: number): unknown =>
    app.db.dialect === 'sqlite' ? cents : (cents / 100).toFixed(2);
  const makeRow = (i: number): unknown[] => {
    const day = new Date(start + Math.floor(random() * 730) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const row: unknown[] = [
      now,
      userId,
      now,
      userId,
      `Entry ${i + 1}`,
      amount(Math.round(random() * 1_000_000)),
      `c${Math.floor(random() * 10)}`,
      REGIONS[Math.floor(random() * REGIONS.length)],
      day,
      Math.floor(random() * 100),
    ];
    if (texts) {
      row.push(
        `${COMPANIES[Math.floor(random() * COMPANIES.length)]} ${1 + Math.floor(random() * 500)}`,
        random() < 0.7 ? null : NOTES[Math.floor(random() * NOTES.length)],
      );
    }
    return row;
  };
  if (app.db.dialect === 'sqlite') {
    // The fastest path on SQLite: one prepared multi-row statement on a second connection.
    const { default: SQLite } = await import('../../apps/server/src/db/sqlite.js');
    const file = path.join(app.config.dataDir, 'fiscus.sqlite');
    const conn = new SQLite(file);
    conn.pragma('journal_mode = WAL');
    // Triggers of text indexes call fold() and fold_grams() (see platform/text-index.ts).
    registerBaseFunctions(conn, () => {});
    conn.pragma('synchronous = NORMAL');
    const head = `insert into "${object.table_name}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const full = conn.prepare(head + Array.from({ length: perStatement }, () => tuple).join(', '));
    const insertChunk = conn.transaction((from: number, to: number) => {
      for (let i = from; i < to; i += perStatement) {
        const n = Math.min(perStatement, to - i);
        const values: unknown[] = [];
        for (let k = 0; k < n; k++) values.push(...makeRow(i + k));
        if (n === perStatement) full.run(values);
        else conn.prepare(head + Array.from({ length: n }, () => tuple).join(', ')).run(values);
      }
    });
    for (let i = 0; i < rows; i += perTransaction)
      insertChunk(i, Math.min(rows, i + perTransaction));
    conn.pragma('optimize');
    conn.close();
    return;
  }
  const pgPerStatement = Math.min(perStatement, 5000);
  for (let i = 0; i < rows; i += perTransaction) {
    const to = Math.min(rows, i + perTransaction);
    await db.transaction().execute(async (trx) => {
      for (let s = i; s < to; s += pgPerStatement) {
        const n = Math.min(pgPerStatement, to - s);
        const tuples = Array.from({ length: n }, (_, k) => sql`(${sql.join(makeRow(s + k))})`);
        await sql`insert into ${sql.id(object.table_name)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(tuples)}`.execute(
          trx,
        );
      }
    });
  }
  await sql`analyze ${sql.id(object.table_name)}`.execute(db);
}
