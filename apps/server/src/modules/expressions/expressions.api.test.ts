import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { AppError } from '../../lib/app-error.js';
import { loadObject } from '../../platform/meta.js';
import { analyze, emitOutput, readOutput, runtimeError, T } from '../../platform/expr/index.js';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let other: RegisteredUser;
let objectId: string;
let otherObjectId: string;

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  other = await registerUser(app);
  const obj = await ok(app, owner, 'objects.create', { name: 'Budget lines', kind: 'table' });
  objectId = obj.id;
  await ok(app, owner, 'fields.create', { objectId, name: 'Amount', type: 'money' });
  await ok(app, owner, 'fields.create', { objectId, name: 'Month', type: 'date' });
  await ok(app, owner, 'fields.create', { objectId, name: 'Qty', type: 'integer' });
  await ok(app, owner, 'records.create', {
    objectId,
    values: { name: 'Rent', amount: '1200.50', month: '2024-01-31', qty: 3 },
  });
  await ok(app, owner, 'records.create', { objectId, values: { name: 'Blank' } });
  const theirs = await ok(app, other, 'objects.create', { name: 'Secret', kind: 'table' });
  otherObjectId = theirs.id;
});

afterAll(async () => {
  await cleanup();
});

type Validation = {
  valid: boolean;
  type: string | null;
  typeText: string | null;
  issues: { start: number; end: number; message: string }[];
};

const validate = (input: Record<string, unknown>, lang?: string) =>
  qry<Validation>(app, owner, 'expressions.validate', input, lang);

describe('expressions.validate', () => {
  it('answers the kind of value of a valid expression', async () => {
    const r = await validate({
      text: 'round(amount * @rate, 2)',
      objectId,
      params: [{ name: 'rate', type: 'number', scale: 3 }],
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ valid: true, type: 'dec', typeText: 'a decimal number' });
    const d = await validate({ text: 'addMonths(month, 12)', objectId });
    expect(d.data).toMatchObject({ valid: true, type: 'date' });
  });

  it('points at the problem, with a suggestion, in the user’s language', async () => {
    const r = await validate({ text: 'amount + ammount', objectId }, 'de');
    expect(r.data.valid).toBe(false);
    expect(r.data.issues[0]).toMatchObject({ start: 9, end: 16 });
    expect(r.data.issues[0]?.message).toMatch(/amount/);
    expect(r.data.issues[0]?.message).toMatch(/Zeichen 10/);
    for (const lang of ['en', 'fr', 'pt', 'ru']) {
      const x = await validate({ text: '(1 + ', objectId }, lang);
      expect(x.data.valid).toBe(false);
      expect(x.data.issues[0]?.message.length).toBeGreaterThan(5);
    }
    const syntax = await validate({ text: "concat('a', 1" });
    expect(syntax.data.issues[0]?.message).toMatch(/not closed|ends too early/);
  });

  it('requires true/false of a condition and checks the fit of a target field', async () => {
    const c = await validate({ text: 'qty + 1', objectId, kind: 'condition' });
    expect(c.data.valid).toBe(false);
    expect(c.data.issues[0]?.message).toMatch(/true or false/);
    const fit = await validate({
      text: "'abc'",
      objectId,
      target: { objectId, field: 'qty' },
    });
    expect(fit.data.valid).toBe(false);
    expect(fit.data.issues[0]?.message).toMatch(/Qty/);
    const good = await validate({ text: 'qty * 2', objectId, target: { objectId, field: 'qty' } });
    expect(good.data.valid).toBe(true);
  });

  it('knows only the caller’s objects', async () => {
    const r = await validate({ text: 'name', objectId: otherObjectId });
    expect(r.status).toBe(404);
    const t = await validate({ text: '1', target: { objectId: otherObjectId, field: 'name' } });
    expect(t.status).toBe(404);
  });

  it('refuses input that breaks the contract with 400, never 500', async () => {
    const r = await validate({ text: 'x'.repeat(5000) });
    expect(r.status).toBe(400);
    const p = await validate({ text: '1', params: [{ name: '1bad', type: 'number' }] });
    expect(p.status).toBe(400);
  });
});

/** A small deterministic random source, so that a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ATOMS = [
  'amount',
  'qty',
  'month',
  'name',
  '@n',
  '@d',
  '@t',
  '0',
  '1',
  '-1',
  '2.5',
  '0.001',
  '999999999999999999',
  '9223372036854775807',
  "'x'",
  "''",
  "'2024-02-29'",
  'null',
  'true',
  'false',
  'today()',
];
const FUNCS = [
  'round',
  'floor',
  'ceil',
  'abs',
  'min',
  'max',
  'if',
  'coalesce',
  'isEmpty',
  'concat',
  'text',
  'upper',
  'lower',
  'trim',
  'len',
  'left',
  'right',
  'mid',
  'replace',
  'contains',
  'startsWith',
  'date',
  'addMonths',
  'addYears',
  'addDays',
  'year',
  'month',
  'day',
  'startOfMonth',
  'endOfMonth',
  'monthsBetween',
  'daysBetween',
];
const OPS = ['+', '-', '*', '/', '&', '=', '!=', '<', '<=', '>', '>=', 'and', 'or'];

function randomExpr(r: () => number, depth: number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
  if (depth <= 0 || r() < 0.3) return pick(ATOMS);
  const roll = r();
  if (roll < 0.4) return `${randomExpr(r, depth - 1)} ${pick(OPS)} ${randomExpr(r, depth - 1)}`;
  if (roll < 0.5) return `(${randomExpr(r, depth - 1)})`;
  if (roll < 0.55) return `not ${randomExpr(r, depth - 1)}`;
  const n = 1 + Math.floor(r() * 3);
  const args = Array.from({ length: n }, () => randomExpr(r, depth - 1));
  return `${pick(FUNCS)}(${args.join(', ')})`;
}

describe('random expressions', () => {
  it('answer a value or a validation error, never a database error', async () => {
    const ctx = { db: app.db, domainId: owner.session.domain.id, lang: 'en' as const };
    const meta = await loadObject(ctx, objectId);
    const params = new Map([
      ['n', T.int],
      ['d', T.date],
      ['t', T.text],
    ]);
    const values = new Map<string, bigint | string | boolean | null>([
      ['n', 7n],
      ['d', '2024-01-31'],
      ['t', 'Plan'],
    ]);
    const r = rng(20261124);
    let valid = 0;
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const text = randomExpr(r, 4);
      const a = await analyze(text, {
        object: meta,
        params,
        loadObject: (id) => loadObject(ctx, id),
      });
      if (!a.ok) {
        expect(a.issues.length, text).toBeGreaterThan(0);
        continue;
      }
      valid++;
      const env = {
        dialect: app.db.dialect,
        alias: 'r',
        params: values,
        today: '2024-05-17',
        now: '2024-05-17T10:00:00.000Z',
      };
      try {
        const { rows } = await sql<{
          v: unknown;
        }>`select ${emitOutput(a.expr, env)} as v from ${sql.id(
          meta.table,
        )} r order by r.id`.execute(app.db.kysely);
        for (const row of rows) readOutput(a.expr.type, row.v, 'en');
      } catch (e) {
        // Only the expression's own runtime errors (a number or date out of range) may occur.
        const mapped = runtimeError(e, 'en');
        if (!mapped && !(e instanceof AppError)) throw new Error(`${text}: ${String(e)}`);
        refused++;
      }
    }
    // The generator reaches both outcomes.
    expect(valid).toBeGreaterThan(40);
    expect(refused + valid).toBeGreaterThan(40);
  });
});
