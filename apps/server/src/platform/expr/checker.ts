import type { BinaryOp, Node, NodeOf, Span } from './ast.js';
import type { ExprIssue } from './issues.js';
import {
  DIVISION_SCALE,
  isNumeric,
  MAX_DIGITS,
  MAX_EXPR_SCALE,
  scaleOfType,
  T,
  typeOfField,
  unify,
  type ExprType,
  type TExpr,
  type Value,
  isIsoDate,
} from './types.js';
import type { FieldMeta, ObjectMeta } from '../meta.js';
import { FUNCTIONS, type FnName } from './functions.js';
import { subqueryValue } from './sql.js';

/**
 * The type checker: a syntax tree and what is in scope (the row's object, parameters) → a typed
 * tree, or every problem found with its position. Names are resolved against metadata only;
 * nothing of the text reaches SQL except as bound values.
 */

export interface CheckScope {
  /** The object whose fields the expression reads (none: only parameters and constants). */
  object?: ObjectMeta;
  /** Parameters by name (without `@`). */
  params?: ReadonlyMap<string, ExprType>;
  /** Loads an object of the caller's domain (for `reference.field`); throws when unknown. */
  loadObject: (id: string) => Promise<ObjectMeta>;
  /** The result must be this type's kind (conditions: `bool`). */
  expect?: 'bool';
  /**
   * The value of a computed field the expression uses (while computed fields are resolved:
   * platform/computed.ts, which also notes the use); undefined when it cannot be computed.
   * Without it, the field's resolved value.
   */
  computed?: (object: ObjectMeta, field: FieldMeta) => Promise<TExpr | undefined>;
}

export type CheckResult = { ok: true; expr: TExpr } | { ok: false; issues: ExprIssue[] };

/** Dots in a row: `a.b.c.d` reaches three records away at most. */
const MAX_MEMBER_DEPTH = 3;

const SYSTEM_COLUMNS: Record<string, ExprType> = {
  id: T.int,
  created_at: T.datetime,
  updated_at: T.datetime,
  created_by: T.text,
  updated_by: T.text,
};

class Fail extends Error {}

/** The field a name in an expression means: its code (any case), or `{Name}` its name. */
export function fieldNamed(meta: ObjectMeta, name: string, braced: boolean): FieldMeta | undefined {
  const lower = name.toLowerCase();
  return (
    meta.fields.find((f) => f.code === name) ??
    meta.fields.find((f) => f.code.toLowerCase() === lower) ??
    (braced ? meta.fields.find((f) => f.name.toLowerCase() === lower) : undefined)
  );
}

/** Edit distance (for "did you mean"). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0] as number;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j] as number;
      d[j] = Math.min(
        (d[j] as number) + 1,
        (d[j - 1] as number) + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      prev = cur;
    }
  }
  return d[b.length] as number;
}

/** The closest of `names` to `name`, when close enough to be a likely typo. */
export function closest(name: string, names: readonly string[]): string | undefined {
  const n = name.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of names) {
    const dd = distance(n, c.toLowerCase());
    if (dd < bestD) {
      best = c;
      bestD = dd;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(n.length / 3)) ? best : undefined;
}

/** Reads a number literal into units and scale; undefined when it cannot be exact. */
export function readNumber(text: string): { units: bigint; scale: number } | 'precise' | 'range' {
  const m = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return 'range';
  const int = m[1] ?? '';
  let frac = m[2] ?? '';
  const exp = m[3] === undefined ? 0 : Number(m[3]);
  if (Math.abs(exp) > 40) return 'range';
  let digits = `${int}${frac}`.replace(/^0+(?=\d)/, '');
  let scale = frac.length - exp;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  // Trailing zeros past the point do not make a number more precise (1.50 keeps scale 2).
  frac = '';
  if (scale > MAX_EXPR_SCALE) {
    const extra = digits.slice(digits.length - (scale - MAX_EXPR_SCALE));
    if (/[^0]/.test(extra)) return 'precise';
    digits = digits.slice(0, digits.length - (scale - MAX_EXPR_SCALE));
    scale = MAX_EXPR_SCALE;
  }
  const units = BigInt(digits || '0');
  if (units >= 10n ** BigInt(MAX_DIGITS + scale)) return 'range';
  return { units, scale };
}

const COMPARISONS: Record<string, string> = {
  '=': 'eq',
  '!=': 'ne',
  '<': 'lt',
  '<=': 'le',
  '>': 'gt',
  '>=': 'ge',
};

export class Checker {
  readonly issues: ExprIssue[] = [];

  constructor(private readonly scope: CheckScope) {}

  issue(code: ExprIssue['code'], span: Span, params: ExprIssue['params'] = {}): never {
    this.issues.push({ code, start: span.start, end: span.end, params });
    throw new Fail();
  }

  /** Checks a node; a failing part is reported and stands as null so the rest is still checked. */
  async check(n: Node): Promise<TExpr> {
    try {
      return await this.node(n);
    } catch (e) {
      if (e instanceof Fail) return { k: 'lit', value: null, type: T.null, span: n };
      throw e;
    }
  }

  /** A type as the messages name it. */
  typeName(x: ExprType): string {
    return x.t === 'ref' ? `ref:${x.objectName}` : x.t === 'dec' ? 'dec' : x.t;
  }

  private lit(value: Value, type: ExprType, span: Span): TExpr {
    return { k: 'lit', value, type, span };
  }

  private async node(n: Node): Promise<TExpr> {
    switch (n.kind) {
      case 'number': {
        const r = readNumber(n.text);
        if (r === 'precise') return this.issue('expr.too_precise', n, { max: MAX_EXPR_SCALE });
        if (r === 'range') return this.issue('expr.number_range', n);
        return this.lit(r.units, r.scale === 0 ? T.int : T.dec(r.scale), n);
      }
      case 'string':
        return this.lit(n.value, T.text, n);
      case 'bool':
        return this.lit(n.value, T.bool, n);
      case 'null':
        return this.lit(null, T.null, n);
      case 'field':
        return this.field(n);
      case 'param': {
        const type = this.paramType(n.name);
        if (!type) {
          const names = [...(this.scope.params?.keys() ?? [])];
          const suggestion = closest(n.name, names);
          return this.issue(suggestion ? 'expr.unknown_param_hint' : 'expr.unknown_param', n, {
            name: n.name,
            suggestion: suggestion ? `@${suggestion}` : '',
          });
        }
        return { k: 'param', name: this.paramName(n.name), type, span: n };
      }
      case 'member':
        return this.member(n, 1);
      case 'unary': {
        const arg = await this.check(n.arg);
        if (n.op === '-') {
          if (arg.type.t === 'null') return arg;
          if (!isNumeric(arg.type))
            return this.issue('expr.unary_type', n, { op: '-', type: this.typeName(arg.type) });
          if (arg.k === 'lit' && typeof arg.value === 'bigint')
            return this.lit(-arg.value, arg.type, n);
          return { k: 'op', op: 'neg', args: [arg], type: arg.type, span: n };
        }
        this.condition(arg, n.arg);
        return { k: 'op', op: 'not', args: [arg], type: T.bool, span: n };
      }
      case 'binary':
        return this.binary(n);
      case 'call':
        return this.call(n);
    }
  }

  private paramName(name: string): string {
    const params = this.scope.params;
    if (!params) return name;
    if (params.has(name)) return name;
    return [...params.keys()].find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
  }

  private paramType(name: string): ExprType | undefined {
    return this.scope.params?.get(this.paramName(name));
  }

  /** A bool (or null) value, as conditions need. */
  condition(e: TExpr, span: Span): void {
    if (e.type.t !== 'bool' && e.type.t !== 'null')
      this.issue('expr.not_boolean', span, { type: this.typeName(e.type) });
  }

  private findIn(meta: ObjectMeta, name: string, braced: boolean): FieldMeta | undefined {
    return fieldNamed(meta, name, braced);
  }

  private unknownField(meta: ObjectMeta, name: string, span: Span): never {
    const names = [...meta.fields.map((f) => f.code), ...Object.keys(SYSTEM_COLUMNS)];
    const suggestion = closest(name, names);
    return this.issue(suggestion ? 'expr.unknown_field_hint' : 'expr.unknown_field', span, {
      name,
      object: meta.name,
      suggestion: suggestion ?? '',
    });
  }

  private async fieldType(f: FieldMeta): Promise<ExprType> {
    if (f.type !== 'reference') return typeOfField(f.type, f.options);
    let name = '';
    try {
      name = f.options.target ? (await this.scope.loadObject(f.options.target)).name : '';
    } catch {
      name = '';
    }
    return typeOfField(f.type, f.options, name);
  }

  private async field(n: NodeOf<'field'>): Promise<TExpr> {
    const meta = this.scope.object;
    if (!meta) {
      // A bare name where no row exists: perhaps a parameter without its @.
      const asParam = this.paramType(n.name) ? `@${this.paramName(n.name)}` : '';
      return this.issue(asParam ? 'expr.no_row_param' : 'expr.no_row', n, {
        name: n.name,
        suggestion: asParam,
      });
    }
    const sys = SYSTEM_COLUMNS[n.name.toLowerCase()];
    const f = this.findIn(meta, n.name, n.braced);
    if (!f && sys && Object.hasOwn(SYSTEM_COLUMNS, n.name.toLowerCase())) {
      const code = n.name.toLowerCase();
      return { k: 'col', column: code, fieldType: 'system', fieldCode: code, type: sys, span: n };
    }
    if (!f) return this.unknownField(meta, n.name, n);
    if (f.computed) return { ...(await this.computedValue(meta, f, n)), span: n };
    return {
      k: 'col',
      column: f.column,
      fieldType: f.type,
      fieldCode: f.code,
      type: await this.fieldType(f),
      span: n,
    };
  }

  private async member(n: NodeOf<'member'>, depth: number): Promise<TExpr> {
    if (depth > MAX_MEMBER_DEPTH)
      return this.issue('expr.member_depth', n, { max: MAX_MEMBER_DEPTH });
    const of =
      n.target.kind === 'member'
        ? await this.member(n.target, depth + 1)
        : await this.check(n.target);
    if (of.type.t === 'null') return of;
    if (of.type.t !== 'ref')
      return this.issue('expr.member_of', n.nameSpan, { type: this.typeName(of.type) });
    let meta: ObjectMeta;
    try {
      meta = await this.scope.loadObject(of.type.objectId);
    } catch {
      return this.issue('expr.member_of', n.nameSpan, { type: this.typeName(of.type) });
    }
    const sys = Object.hasOwn(SYSTEM_COLUMNS, n.name.toLowerCase())
      ? SYSTEM_COLUMNS[n.name.toLowerCase()]
      : undefined;
    const f = this.findIn(meta, n.name, true);
    if (!f && sys) {
      return {
        k: 'deref',
        table: meta.table,
        column: n.name.toLowerCase(),
        fieldType: 'system',
        of,
        type: sys,
        span: n,
      };
    }
    if (!f) return this.unknownField(meta, n.name, n.nameSpan);
    if (f.computed) {
      const value = await this.computedValue(meta, f, n.nameSpan);
      return { ...subqueryValue(meta.table, of, value), span: n };
    }
    return {
      k: 'deref',
      table: meta.table,
      column: f.column,
      fieldType: f.type,
      of,
      type: await this.fieldType(f),
      span: n,
    };
  }

  /** A computed field's value over its record (its formula, lookup or rollup). */
  private async computedValue(meta: ObjectMeta, f: FieldMeta, span: Span): Promise<TExpr> {
    const value = this.scope.computed ? await this.scope.computed(meta, f) : f.computed?.value;
    if (!value) return this.issue('expr.computed_broken', span, { name: f.name });
    return value;
  }

  /**
   * Makes a value usable where `want` is expected: text constants that are dates become dates,
   * datetimes become their day. Returns undefined when it does not fit.
   */
  coerce(e: TExpr, want: ExprType['t']): TExpr | undefined {
    if (e.type.t === want || e.type.t === 'null') return e;
    if (want === 'date' && e.type.t === 'text' && e.k === 'lit' && typeof e.value === 'string') {
      return isIsoDate(e.value) ? { ...e, type: T.date } : undefined;
    }
    if (
      want === 'datetime' &&
      e.type.t === 'text' &&
      e.k === 'lit' &&
      typeof e.value === 'string'
    ) {
      const d = normalizeInstant(e.value);
      return d ? { ...e, value: d, type: T.datetime } : undefined;
    }
    if (want === 'date' && e.type.t === 'datetime')
      return { k: 'op', op: 'dateof', args: [e], type: T.date, span: e.span };
    if (want === 'int' && e.type.t === 'dec' && e.type.scale === 0) return { ...e, type: T.int };
    if (want === 'dec' && e.type.t === 'int') return e;
    return undefined;
  }

  private async binary(n: NodeOf<'binary'>): Promise<TExpr> {
    const left = await this.check(n.left);
    const right = await this.check(n.right);
    const op: BinaryOp = n.op;
    const names = () => ({
      op: op === '!=' ? '!=' : op,
      left: this.typeName(left.type),
      right: this.typeName(right.type),
    });
    switch (op) {
      case 'and':
      case 'or':
        this.condition(left, n.left);
        this.condition(right, n.right);
        return { k: 'op', op, args: [left, right], type: T.bool, span: n };
      case '+':
      case '-':
      case '*':
      case '/': {
        const lt = left.type.t === 'null' ? right.type : left.type;
        const rt = right.type.t === 'null' ? left.type : right.type;
        if (!isNumeric(lt) && lt.t !== 'null')
          return this.issue('expr.op_types', n.opSpan, names());
        if (!isNumeric(rt) && rt.t !== 'null')
          return this.issue('expr.op_types', n.opSpan, names());
        if (left.type.t === 'null' || right.type.t === 'null') return this.lit(null, T.null, n);
        const sl = scaleOfType(left.type);
        const sr = scaleOfType(right.type);
        if (op === '/') {
          const scale = Math.min(MAX_EXPR_SCALE, Math.max(DIVISION_SCALE, sl, sr));
          return { k: 'op', op: 'div', args: [left, right], type: T.dec(scale), span: n };
        }
        if (op === '*') {
          const type =
            left.type.t === 'int' && right.type.t === 'int'
              ? T.int
              : T.dec(Math.min(MAX_EXPR_SCALE, sl + sr));
          return { k: 'op', op: 'mul', args: [left, right], type, span: n };
        }
        return {
          k: 'op',
          op: op === '+' ? 'add' : 'sub',
          args: [left, right],
          type: unify(left.type, right.type) as ExprType,
          span: n,
        };
      }
      case '&':
        this.textable(left, n.left);
        this.textable(right, n.right);
        return { k: 'op', op: 'concat', args: [left, right], type: T.text, span: n };
      default: {
        const cmp = COMPARISONS[op] as string;
        // `x = null` and `x != null` ask whether x is empty.
        if ((op === '=' || op === '!=') && (left.type.t === 'null' || right.type.t === 'null')) {
          const other = left.type.t === 'null' ? right : left;
          return {
            k: 'op',
            op: op === '=' ? 'isnull' : 'notnull',
            args: [other],
            type: T.bool,
            span: n,
          };
        }
        const [a, b] = this.comparable(left, right);
        const u = a && b ? unify(a.type, b.type) : undefined;
        if (!a || !b || !u) return this.issue('expr.compare_types', n.opSpan, names());
        const ordered = op !== '=' && op !== '!=';
        if (ordered && !['int', 'dec', 'text', 'date', 'datetime'].includes(u.t))
          return this.issue('expr.compare_types', n.opSpan, names());
        if (!ordered && (u.t === 'multi' || u.t === 'file') && a.type.t !== b.type.t)
          return this.issue('expr.compare_types', n.opSpan, names());
        return { k: 'op', op: cmp, args: [a, b], type: T.bool, span: n };
      }
    }
  }

  /** The two sides of a comparison, with a text constant read as a date where needed. */
  private comparable(a: TExpr, b: TExpr): [TExpr | undefined, TExpr | undefined] {
    for (const kind of ['date', 'datetime'] as const) {
      if (a.type.t === kind && b.type.t !== kind) return [a, this.coerce(b, kind)];
      if (b.type.t === kind && a.type.t !== kind) return [this.coerce(a, kind), b];
    }
    return [a, b];
  }

  /** Values that can be written as text (`&`, concat, text()). */
  textable(e: TExpr, span: Span): void {
    if (e.type.t === 'multi' || e.type.t === 'file')
      this.issue('expr.not_textable', span, { type: this.typeName(e.type) });
  }

  private async call(n: NodeOf<'call'>): Promise<TExpr> {
    const lower = n.name.toLowerCase();
    const name = (Object.keys(FUNCTIONS) as FnName[]).find((k) => k.toLowerCase() === lower);
    if (!name) {
      const suggestion = closest(n.name, Object.keys(FUNCTIONS));
      return this.issue(
        suggestion ? 'expr.unknown_function_hint' : 'expr.unknown_function',
        n.nameSpan,
        { name: n.name, suggestion: suggestion ?? '' },
      );
    }
    const def = FUNCTIONS[name];
    const given = n.args.length;
    if (given < def.min || given > def.max) {
      const expected =
        def.min === def.max
          ? String(def.min)
          : def.max === Infinity
            ? `${def.min}+`
            : `${def.min}–${def.max}`;
      return this.issue('expr.arity', n, { name, expected, given });
    }
    const args: TExpr[] = [];
    for (const a of n.args) args.push(await this.check(a));
    return def.check(this, { name, args, node: n });
  }

  /** Reports an argument of the wrong type. */
  argType(fn: string, i: number, arg: TExpr, expected: string): never {
    return this.issue('expr.arg_type', arg.span, {
      name: fn,
      n: i + 1,
      expected,
      actual: this.typeName(arg.type),
    });
  }

  /** A whole-number constant argument within bounds (decimal places of round). */
  constInt(fn: string, i: number, arg: TExpr, min: number, max: number): number {
    if (arg.k !== 'lit' || typeof arg.value !== 'bigint' || arg.type.t !== 'int')
      this.issue('expr.const_arg', arg.span, { name: fn, n: i + 1, min, max });
    const v = Number(arg.value);
    if (v < min || v > max)
      this.issue('expr.const_arg', arg.span, { name: fn, n: i + 1, min, max });
    return v;
  }
}

/** ISO date-time text in UTC of a constant, or undefined. */
function normalizeInstant(s: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s))
    return undefined;
  const d = new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) return undefined;
  const y = d.getUTCFullYear();
  if (y < 1 || y > 9999) return undefined;
  return d.toISOString();
}

/** Type-checks a parsed expression in a scope. */
export async function checkTree(tree: Node, scope: CheckScope): Promise<CheckResult> {
  const c = new Checker(scope);
  const expr = await c.check(tree);
  if (!c.issues.length && scope.expect === 'bool') {
    try {
      c.condition(expr, expr.span);
    } catch (e) {
      if (!(e instanceof Fail)) throw e;
    }
  }
  return c.issues.length ? { ok: false, issues: c.issues } : { ok: true, expr };
}
