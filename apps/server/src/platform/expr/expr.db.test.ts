import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok } from '../../test/qry-helpers.js';
import { AppError } from '../../lib/app-error.js';
import { loadObject, type ObjectMeta } from '../meta.js';
import {
  analyze,
  checkAssign,
  emitAssign,
  emitCondition,
  emitOutput,
  readOutput,
  runtimeError,
  T,
  type ExprType,
  type Value,
} from './index.js';

/**
 * Every function and operator of the expression language, evaluated by the database the suite
 * runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL): both must give these answers.
 */

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let user: RegisteredUser;
let lines: ObjectMeta;
let recordId: number;
let emptyId: number;
let scenarioId: number;

const ctxOf = () => ({ db: app.db, domainId: user.session.domain.id, lang: 'en' as const });

const PARAMS = new Map<string, ExprType>([
  ['shift', T.int],
  ['rate', T.dec(3)],
  ['label', T.text],
  ['start', T.date],
  ['on', T.bool],
]);
const VALUES = new Map<string, Value>([
  ['shift', 12n],
  ['rate', 1250n],
  ['label', 'Plan'],
  ['start', '2024-01-31'],
  ['on', true],
]);

async function evaluate(text: string, id = recordId): Promise<unknown> {
  const a = await analyze(text, {
    object: lines,
    params: PARAMS,
    loadObject: (oid) => loadObject(ctxOf(), oid),
  });
  if (!a.ok) throw new Error(`${text}: ${JSON.stringify(a.issues)}`);
  const env = {
    dialect: app.db.dialect,
    alias: 'r',
    params: VALUES,
    today: '2024-05-17',
    now: '2024-05-17T10:00:00.000Z',
  };
  const { rows } = await sql<{
    v: unknown;
  }>`select ${emitOutput(a.expr, env)} as v from ${sql.id(lines.table)} r where r.id = ${id}`.execute(
    app.db.kysely,
  );
  return readOutput(a.expr.type, rows[0]?.v, 'en');
}

async function matches(text: string): Promise<number[]> {
  const a = await analyze(text, {
    object: lines,
    params: PARAMS,
    loadObject: (oid) => loadObject(ctxOf(), oid),
    expect: 'bool',
  });
  if (!a.ok) throw new Error(`${text}: ${JSON.stringify(a.issues)}`);
  const env = { dialect: app.db.dialect, alias: 'r', params: VALUES, today: '2024-05-17', now: '' };
  const { rows } = await sql<{
    id: number;
  }>`select r.id from ${sql.id(lines.table)} r where ${emitCondition(a.expr, env)} order by r.id`.execute(
    app.db.kysely,
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  user = await registerUser(app);
  const scen = await ok(app, user, 'objects.create', { name: 'Scenarios', kind: 'reference' });
  await ok(app, user, 'fields.create', { objectId: scen.id, name: 'Locked', type: 'boolean' });
  const obj = await ok(app, user, 'objects.create', { name: 'Lines', kind: 'table' });
  const field = (name: string, type: string, options: Record<string, unknown> = {}) =>
    ok(app, user, 'fields.create', { objectId: obj.id, name, type, options });
  await field('Qty', 'integer');
  await field('Amount', 'money', { scale: 2 });
  await field('Rate', 'percent', { scale: 3 });
  await field('Day', 'date');
  await field('At', 'datetime');
  await field('Flag', 'boolean');
  await field('Kind', 'select', { choices: [{ value: 'a' }, { value: 'b' }] });
  await field('Tags', 'multiselect', { choices: [{ value: 'x' }, { value: 'y' }] });
  await field('Scenario', 'reference', { target: scen.id });
  const s = await ok(app, user, 'records.create', {
    objectId: scen.id,
    values: { name: 'Budget 2024', locked: true },
  });
  scenarioId = s.id;
  const r = await ok(app, user, 'records.create', {
    objectId: obj.id,
    values: {
      name: 'Straße Ünïcode',
      qty: 7,
      amount: '1234.56',
      rate: '12.345',
      day: '2024-01-31',
      at: '2024-03-05T08:30:00.000Z',
      flag: true,
      kind: 'a',
      tags: ['x'],
      scenario: scenarioId,
    },
  });
  recordId = r.id;
  const e = await ok(app, user, 'records.create', { objectId: obj.id, values: { name: 'empty' } });
  emptyId = e.id;
  lines = await loadObject(ctxOf(), obj.id);
});

afterAll(async () => {
  await cleanup();
});

describe('expressions on the database', () => {
  const cases: [string, unknown][] = [
    // numbers
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['7 / 2', '3.500000'],
    ['1 / 3', '0.333333'],
    ['2 / 3', '0.666667'],
    ['1 / 0', null],
    ['-qty', -7],
    ['qty * 2 - 1', 13],
    ['1.5 * 2', '3.0'],
    ['0.1 + 0.2', '0.3'],
    ['round(2.5)', 2],
    ['round(3.5)', 4],
    ['round(-2.5)', -2],
    ['round(1.005, 2)', '1.00'],
    ['round(1.015, 2)', '1.02'],
    ['round(2 / 3, 2)', '0.67'],
    ['round(1 / 8, 2)', '0.12'],
    ['round(3 / 8, 2)', '0.38'],
    ['floor(-1.5)', -2],
    ['ceil(-1.5)', -1],
    ['floor(2.75, 1)', '2.7'],
    ['ceil(2.71, 1)', '2.8'],
    ['abs(-3.25)', '3.25'],
    ['allocate(100, 3, 1)', 33],
    ['allocate(100, 3, 2)', 34],
    ['allocate(100, 3, 3)', 33],
    ['allocate(1000.00, 3, 1)', '333.33'],
    ['allocate(1000.00, 3, 2)', '333.34'],
    ['allocate(amount, 12, 12)', '102.88'],
    ['allocate(-100.00, 3, 2)', '-33.34'],
    ['allocate(0.05, 2, 1)', '0.02'],
    ['allocate(0.05, 2, 2)', '0.03'],
    ['allocate(10, 4, 1, 1)', '2.5'],
    ['allocate(amount, qty, qty)', '176.37'],
    ['allocate(100, 3, 0)', null],
    ['allocate(100, 3, 4)', null],
    ['allocate(100, 0, 1)', null],
    ['allocate(null, 3, 1)', null],
    ['min(3, 1.5, 2)', '1.5'],
    ['max(3, 1.5, 2)', '3.0'],
    ['min(qty, null, 9)', 7],
    ["max(day, date('2023-12-31'))", '2024-01-31'],
    ["min('b', 'a', 'c')", 'a'],
    ['@shift + 1', 13],
    ['@rate * 2', '2.500'],
    ['9007199254740991 + 0', 9007199254740991],
    // logic
    ["if(qty > 5, 'big', 'small')", 'big'],
    ["if(qty > 50, 'big')", null],
    ['if(null, 1, 2)', 2],
    ['coalesce(null, qty, 1)', 7],
    ['isEmpty(kind)', false],
    ['isEmpty(null)', true],
    ['qty = 7 and flag', true],
    ['qty = 8 or not flag', false],
    ['qty != 7', false],
    ['kind = null', false],
    ["'a' < 'b'", true],
    ["day >= '2024-01-01'", true],
    // text
    ["concat('a', qty, '-', 1.50)", 'a7-1.50'],
    ["name & '!'", 'Straße Ünïcode!'],
    ["null & 'x'", 'x'],
    ['text(qty)', '7'],
    ['text(2.50)', '2.50'],
    ['text(flag)', 'true'],
    ['text(day)', '2024-01-31'],
    ['upper(name)', 'STRAßE ÜNÏCODE'],
    ['lower(name)', 'straße ünïcode'],
    ["trim('  a b  ')", 'a b'],
    ['len(name)', 14],
    ['left(name, 3)', 'Str'],
    ['left(name, 0)', ''],
    ['left(name, -2)', ''],
    ['right(name, 3)', 'ode'],
    ['right(name, 100)', 'Straße Ünïcode'],
    ['mid(name, 8, 3)', 'Ünï'],
    ['mid(name, 0, 2)', 'St'],
    ["replace(name, 'ß', 'ss')", 'Strasse Ünïcode'],
    ["contains(name, 'ünï')", true],
    ["contains(name, 'zzz')", false],
    ["startsWith(name, 'str')", true],
    ["contains(tags, 'x')", true],
    ["contains(tags, 'y')", false],
    ["@label & ' ' & year(day)", 'Plan 2024'],
    ["'it''s'", "it's"],
    // dates
    ['addMonths(day, 1)', '2024-02-29'],
    ['addMonths(day, 13)', '2025-02-28'],
    ['addMonths(day, -2)', '2023-11-30'],
    ['addMonths(day, @shift)', '2025-01-31'],
    ["addYears(date('2024-02-29'), 1)", '2025-02-28'],
    ['addDays(day, 1)', '2024-02-01'],
    ['addDays(day, -31)', '2023-12-31'],
    ['year(day)', 2024],
    ['month(day)', 1],
    ['day(day)', 31],
    ['year(at)', 2024],
    ['month(at)', 3],
    ['startOfMonth(day)', '2024-01-01'],
    ["endOfMonth(date('2023-02-10'))", '2023-02-28'],
    ["endOfMonth(date('2024-02-10'))", '2024-02-29'],
    ["monthsBetween(day, date('2025-03-01'))", 14],
    ["daysBetween(day, date('2024-03-01'))", 30],
    ['date(2024, 13, 1)', '2025-01-01'],
    ['date(2024, 2, 30)', '2024-03-01'],
    ['date(at)', '2024-03-05'],
    ['today()', '2024-05-17'],
    ['addMonths(@start, 1)', '2024-02-29'],
    // references
    ['scenario.name', 'Budget 2024'],
    ['scenario.locked', true],
    ['{Scenario}.{Locked} and qty > 1', true],
  ];
  it.each(cases)('%s → %j', async (text, expected) => {
    expect(await evaluate(text)).toEqual(expected);
  });

  it('reads exact decimal fields', async () => {
    expect(await evaluate('amount')).toBe('1234.56');
    expect(await evaluate('amount * 2')).toBe('2469.12');
    expect(await evaluate('amount * rate')).toBe('15240.64320');
    expect(await evaluate('round(amount * 1.1, 2)')).toBe('1358.02');
    expect(await evaluate('amount / 3')).toBe('411.520000');
    expect(await evaluate('amount + qty')).toBe('1241.56');
    expect(await evaluate('amount > 1234.555')).toBe(true);
    expect(await evaluate('amount = 1234.56')).toBe(true);
  });

  it('gives empty values for empty fields', async () => {
    expect(await evaluate('qty + 1', emptyId)).toBeNull();
    expect(await evaluate('addMonths(day, 1)', emptyId)).toBeNull();
    expect(await evaluate('upper(kind)', emptyId)).toBeNull();
    expect(await evaluate('qty > 1', emptyId)).toBe(false);
    expect(await evaluate('not (qty > 1)', emptyId)).toBe(true);
    expect(await evaluate('qty = null', emptyId)).toBe(true);
    expect(await evaluate('scenario.name', emptyId)).toBeNull();
  });

  it('filters with conditions', async () => {
    expect(await matches('qty = 7')).toEqual([recordId]);
    expect(await matches('qty != 7')).toEqual([emptyId]);
    expect(await matches('isEmpty(qty)')).toEqual([emptyId]);
    expect(await matches('not (qty > 3)')).toEqual([emptyId]);
    expect(await matches('scenario = null or scenario.locked')).toEqual([recordId, emptyId]);
    expect(await matches("contains(name, 'EMPTY')")).toEqual([emptyId]);
  });

  it("refuses results too large to store, as a 422 in the user's language", async () => {
    const err = await evaluate('9223372036854775807 + 0').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    for (const text of [
      '999999999999999999 * 999999999999999999',
      '999999999999999999 * 100',
      '9007199254740991 + 1',
    ]) {
      const e = await evaluate(text).then(
        () => undefined,
        (x: unknown) => x,
      );
      const mapped = e instanceof AppError ? e : runtimeError(e, 'de');
      expect(mapped?.code).toBe('unprocessable');
    }
    const dateErr = await evaluate('addMonths(day, 120000)').then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(runtimeError(dateErr, 'en')?.message).toMatch(/years 1 to 9999/);
  });

  it('writes computed values into fields by their rules, naming the field that refuses one', async () => {
    const write = async (field: string, text: string, id = recordId) => {
      const a = await analyze(text, {
        object: lines,
        params: PARAMS,
        loadObject: (oid) => loadObject(ctxOf(), oid),
      });
      if (!a.ok) throw new Error(JSON.stringify(a.issues));
      const f = lines.fields.find((x) => x.code === field);
      if (!f) throw new Error(field);
      const fit = checkAssign(a.expr, f, 'en');
      if (!fit.expr) return fit.issue;
      const env = {
        dialect: app.db.dialect,
        alias: null,
        params: VALUES,
        today: '2024-05-17',
        now: '',
      };
      await sql`update ${sql.id(lines.table)} set ${sql.id(f.column)} = ${emitAssign(fit.expr, f, env, field)} where id = ${id}`.execute(
        app.db.kysely,
      );
      return undefined;
    };
    expect(await write('amount', 'amount / 3')).toBeUndefined();
    expect(await evaluate('amount')).toBe('411.52');
    expect(await write('qty', 'qty * 3')).toBeUndefined();
    expect(await evaluate('qty')).toBe(21);
    expect(await write('flag', 'not flag')).toBeUndefined();
    expect(await evaluate('flag')).toBe(false);
    expect(await write('day', 'addMonths(day, 1)')).toBeUndefined();
    expect(await evaluate('day')).toBe('2024-02-29');
    expect(await write('qty', "'many'")).toMatchObject({ code: 'expr.assign_type' });
    const refused = await write('kind', "concat('z', qty)").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(
      runtimeError(refused, 'en', (tag) => (tag === 'kind' ? 'Kind' : undefined))?.message,
    ).toBe('A value computed for Kind is not one of its choices.');
    expect(await evaluate('kind')).toBe('a');
  });
});
