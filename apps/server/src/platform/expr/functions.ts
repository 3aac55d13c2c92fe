import type { NodeOf } from './ast.js';
import type { Checker } from './checker.js';
import {
  isIsoDate,
  isNumeric,
  MAX_EXPR_SCALE,
  scaleOfType,
  T,
  unify,
  type ExprType,
  type TExpr,
} from './types.js';

/**
 * The functions of the expression language: arity and typing here, SQL in sql.ts (by the `op`
 * each one produces). The console lists the same names (contracts: `exprFunctions`).
 */

interface Call {
  name: string;
  args: TExpr[];
  node: NodeOf<'call'>;
}

interface FnDef {
  min: number;
  max: number;
  check(c: Checker, call: Call): TExpr;
}

const op = (call: Call, name: string, args: TExpr[], type: ExprType, n?: number): TExpr => ({
  k: 'op',
  op: name,
  args,
  type,
  span: call.node,
  ...(n === undefined ? {} : { n }),
});

const arg = (call: Call, i: number): TExpr => call.args[i] as TExpr;

function numeric(c: Checker, call: Call, i: number): TExpr {
  const a = arg(call, i);
  if (!isNumeric(a.type) && a.type.t !== 'null') c.argType(call.name, i, a, 'number');
  return a;
}

function whole(c: Checker, call: Call, i: number): TExpr {
  const a = arg(call, i);
  const x = c.coerce(a, 'int');
  if (!x) return c.argType(call.name, i, a, 'int');
  return x;
}

function text(c: Checker, call: Call, i: number): TExpr {
  const a = arg(call, i);
  if (a.type.t !== 'text' && a.type.t !== 'null') c.argType(call.name, i, a, 'text');
  return a;
}

function date(c: Checker, call: Call, i: number): TExpr {
  const a = arg(call, i);
  const x = c.coerce(a, 'date');
  if (!x) return c.argType(call.name, i, a, 'date');
  return x;
}

/** Several values that must meet in one type (min, max, coalesce, if). */
function common(c: Checker, call: Call, values: TExpr[], ordered: boolean): ExprType {
  let u: ExprType = T.null;
  for (const v of values) {
    let next = unify(u, v.type);
    if (!next && (u.t === 'date' || v.type.t === 'date')) {
      const asDate = c.coerce(v, 'date');
      if (asDate) next = unify(u, asDate.type);
    }
    if (!next)
      return c.issue('expr.mixed_types', v.span, {
        name: call.name,
        left: c.typeName(u),
        right: c.typeName(v.type),
      });
    u = next;
  }
  if (ordered && !['null', 'int', 'dec', 'text', 'date', 'datetime'].includes(u.t))
    return c.issue('expr.mixed_types', call.node, {
      name: call.name,
      left: c.typeName(u),
      right: c.typeName(u),
    });
  return u;
}

function roundLike(name: 'round' | 'floor' | 'ceil'): FnDef {
  return {
    min: 1,
    max: 2,
    check(c, call) {
      const x = numeric(c, call, 0);
      const places =
        call.args.length > 1 ? c.constInt(call.name, 1, arg(call, 1), 0, MAX_EXPR_SCALE) : 0;
      if (x.type.t === 'null') return x;
      const type = places === 0 ? T.int : T.dec(places);
      if (x.type.t === 'int' || scaleOfType(x.type) <= places)
        return op(call, 'rescale', [x], x.type.t === 'int' ? T.int : type);
      return op(call, name, [x], type, places);
    },
  };
}

const dateFn = (name: string, result: ExprType): FnDef => ({
  min: 1,
  max: 1,
  check: (c, call) => op(call, name, [date(c, call, 0)], result),
});

export const FUNCTIONS = {
  // numbers
  round: roundLike('round'),
  floor: roundLike('floor'),
  ceil: roundLike('ceil'),
  // allocate(total, parts, index, places?): the index-th of `parts` shares of `total`, each
  // rounded to `places` (default: the total's), the last cents spread so the shares add up to
  // the total exactly (share k = round(total·k/parts) − round(total·(k−1)/parts)).
  allocate: {
    min: 3,
    max: 4,
    check: (c, call) => {
      const total = numeric(c, call, 0);
      const parts = whole(c, call, 1);
      const index = whole(c, call, 2);
      const places =
        call.args.length > 3
          ? c.constInt(call.name, 3, arg(call, 3), 0, MAX_EXPR_SCALE)
          : scaleOfType(total.type);
      if (total.type.t === 'null') return total;
      return op(call, 'allocate', [total, parts, index], places === 0 ? T.int : T.dec(places));
    },
  },
  abs: {
    min: 1,
    max: 1,
    check: (c, call) => {
      const x = numeric(c, call, 0);
      return op(call, 'abs', [x], x.type);
    },
  },
  min: {
    min: 2,
    max: 20,
    check: (c, call) => op(call, 'least', call.args, common(c, call, call.args, true)),
  },
  max: {
    min: 2,
    max: 20,
    check: (c, call) => op(call, 'greatest', call.args, common(c, call, call.args, true)),
  },
  // logic
  if: {
    min: 2,
    max: 3,
    check: (c, call) => {
      const cond = arg(call, 0);
      c.condition(cond, cond.span);
      const branches = call.args.slice(1);
      return op(call, 'if', call.args, common(c, call, branches, false));
    },
  },
  coalesce: {
    min: 2,
    max: 20,
    check: (c, call) => op(call, 'coalesce', call.args, common(c, call, call.args, false)),
  },
  isEmpty: {
    min: 1,
    max: 1,
    check: (c, call) => op(call, 'isempty', call.args, T.bool),
  },
  // text
  concat: {
    min: 1,
    max: 20,
    check: (c, call) => {
      call.args.forEach((a) => c.textable(a, a.span));
      const [first, ...rest] = call.args as [TExpr, ...TExpr[]];
      if (!rest.length) return op(call, 'text', [first], T.text);
      return rest.reduce(
        (acc, a) =>
          ({ k: 'op', op: 'concat', args: [acc, a], type: T.text, span: call.node }) as TExpr,
        first,
      );
    },
  },
  text: {
    min: 1,
    max: 1,
    check: (c, call) => {
      c.textable(arg(call, 0), arg(call, 0).span);
      return op(call, 'text', call.args, T.text);
    },
  },
  upper: { min: 1, max: 1, check: (c, call) => op(call, 'upper', [text(c, call, 0)], T.text) },
  lower: { min: 1, max: 1, check: (c, call) => op(call, 'lower', [text(c, call, 0)], T.text) },
  trim: { min: 1, max: 1, check: (c, call) => op(call, 'trim', [text(c, call, 0)], T.text) },
  len: { min: 1, max: 1, check: (c, call) => op(call, 'len', [text(c, call, 0)], T.int) },
  left: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'left', [text(c, call, 0), whole(c, call, 1)], T.text),
  },
  right: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'right', [text(c, call, 0), whole(c, call, 1)], T.text),
  },
  mid: {
    min: 3,
    max: 3,
    check: (c, call) =>
      op(call, 'mid', [text(c, call, 0), whole(c, call, 1), whole(c, call, 2)], T.text),
  },
  replace: {
    min: 3,
    max: 3,
    check: (c, call) =>
      op(call, 'replace', [text(c, call, 0), text(c, call, 1), text(c, call, 2)], T.text),
  },
  contains: {
    min: 2,
    max: 2,
    check: (c, call) => {
      const a = arg(call, 0);
      if (a.type.t === 'multi') return op(call, 'has', [a, text(c, call, 1)], T.bool);
      return op(call, 'contains', [text(c, call, 0), text(c, call, 1)], T.bool);
    },
  },
  startsWith: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'startswith', [text(c, call, 0), text(c, call, 1)], T.bool),
  },
  // dates
  today: { min: 0, max: 0, check: (_c, call) => op(call, 'today', [], T.date) },
  now: { min: 0, max: 0, check: (_c, call) => op(call, 'now', [], T.datetime) },
  date: {
    min: 1,
    max: 3,
    check: (c, call) => {
      if (call.args.length === 3)
        return op(
          call,
          'makedate',
          [whole(c, call, 0), whole(c, call, 1), whole(c, call, 2)],
          T.date,
        );
      if (call.args.length === 2)
        return c.issue('expr.arity', call.node, { name: call.name, expected: '1, 3', given: 2 });
      const a = arg(call, 0);
      if (a.type.t === 'text') {
        if (a.k === 'lit' && typeof a.value === 'string' && isIsoDate(a.value))
          return { ...a, type: T.date, span: call.node };
        return c.issue('expr.bad_date', a.span, {
          value: a.k === 'lit' ? String(a.value).slice(0, 40) : '…',
        });
      }
      return date(c, call, 0);
    },
  },
  addMonths: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'addmonths', [date(c, call, 0), whole(c, call, 1)], T.date),
  },
  addYears: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'addyears', [date(c, call, 0), whole(c, call, 1)], T.date),
  },
  addDays: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'adddays', [date(c, call, 0), whole(c, call, 1)], T.date),
  },
  year: dateFn('year', T.int),
  month: dateFn('month', T.int),
  day: dateFn('day', T.int),
  startOfMonth: dateFn('startofmonth', T.date),
  endOfMonth: dateFn('endofmonth', T.date),
  monthsBetween: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'monthsbetween', [date(c, call, 0), date(c, call, 1)], T.int),
  },
  daysBetween: {
    min: 2,
    max: 2,
    check: (c, call) => op(call, 'daysbetween', [date(c, call, 0), date(c, call, 1)], T.int),
  },
} satisfies Record<string, FnDef>;

export type FnName = keyof typeof FUNCTIONS;
