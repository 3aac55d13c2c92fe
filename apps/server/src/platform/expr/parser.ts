import type { BinaryOp, Node, Span } from './ast.js';
import type { ExprIssue } from './issues.js';

/**
 * The expression parser: text → syntax tree, or the first syntax error with its position.
 *
 * Grammar (lowest precedence first):
 *
 *     expr       := or
 *     or         := and ( ('or' | '||') and )*
 *     and        := not ( ('and' | '&&') not )*
 *     not        := ('not' | '!') not | comparison
 *     comparison := concat ( ('=' | '==' | '!=' | '<>' | '<' | '<=' | '>' | '>=') concat )?
 *     concat     := sum ( '&' sum )*
 *     sum        := product ( ('+' | '-') product )*
 *     product    := unary ( ('*' | '/') unary )*
 *     unary      := '-' unary | '+' unary | postfix
 *     postfix    := primary ( '.' name )*
 *     primary    := number | string | 'true' | 'false' | 'null' | '@' name | '{' text '}'
 *                 | name '(' args? ')' | name | '(' expr ')'
 *
 * Names are letters, digits and `_`, starting with a letter or `_`; keywords and function
 * names are case-insensitive. Strings use single or double quotes; a quote inside is written
 * twice (`'it''s'`) or escaped with a backslash (`'it\'s'`, `\\`, `\n`, `\t`).
 */

export const EXPR_LIMITS = {
  /** Characters of an expression. */
  maxLength: 4000,
  /** Nesting of parentheses, calls and operators. */
  maxDepth: 40,
  /** Nodes of the tree. */
  maxNodes: 1000,
} as const;

type TokKind = 'num' | 'str' | 'name' | 'param' | 'braced' | 'op' | 'end';

interface Token extends Span {
  kind: TokKind;
  /** Number text, string value, name, or the operator. */
  value: string;
}

export class ParseError extends Error {
  constructor(readonly issue: ExprIssue) {
    super(issue.code);
  }
}

const fail = (code: ExprIssue['code'], span: Span, params: ExprIssue['params'] = {}): never => {
  throw new ParseError({ code, start: span.start, end: span.end, params });
};

const NAME_START = /[\p{L}_]/u;
const NAME_PART = /[\p{L}\p{N}_]/u;
const OPS = [
  '==',
  '!=',
  '<>',
  '<=',
  '>=',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '&',
  '=',
  '<',
  '>',
  '(',
  ')',
  ',',
  '.',
  '!',
];

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      while (/[0-9]/.test(text[i] ?? '')) i++;
      if (text[i] === '.' && /[0-9]/.test(text[i + 1] ?? '')) {
        i++;
        while (/[0-9]/.test(text[i] ?? '')) i++;
      }
      if (/[eE]/.test(text[i] ?? '')) {
        let j = i + 1;
        if (text[j] === '+' || text[j] === '-') j++;
        if (/[0-9]/.test(text[j] ?? '')) {
          i = j;
          while (/[0-9]/.test(text[i] ?? '')) i++;
        }
      }
      if (NAME_START.test(text[i] ?? '')) fail('expr.bad_number', { start, end: i + 1 });
      out.push({ kind: 'num', value: text.slice(start, i), start, end: i });
      continue;
    }
    if (c === "'" || c === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) fail('expr.unclosed_string', { start, end: text.length });
        const ch = text[i] as string;
        if (ch === c) {
          if (text[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (ch === '\\' && i + 1 < text.length) {
          const n = text[i + 1] as string;
          value += n === 'n' ? '\n' : n === 't' ? '\t' : n;
          i += 2;
          continue;
        }
        value += ch;
        i++;
      }
      out.push({ kind: 'str', value, start, end: i });
      continue;
    }
    if (c === '{') {
      const close = text.indexOf('}', i + 1);
      if (close < 0) fail('expr.unclosed_brace', { start, end: text.length });
      const name = text.slice(i + 1, close).trim();
      if (!name) fail('expr.empty_name', { start, end: close + 1 });
      i = close + 1;
      out.push({ kind: 'braced', value: name, start, end: i });
      continue;
    }
    if (c === '@') {
      i++;
      if (!NAME_START.test(text[i] ?? '')) fail('expr.param_name', { start, end: i + 1 });
      while (i < text.length && NAME_PART.test(text[i] as string)) i++;
      out.push({ kind: 'param', value: text.slice(start + 1, i), start, end: i });
      continue;
    }
    if (NAME_START.test(c)) {
      while (i < text.length && NAME_PART.test(text[i] as string)) i++;
      out.push({ kind: 'name', value: text.slice(start, i), start, end: i });
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (!op) fail('expr.unexpected_char', { start, end: i + 1 }, { char: c });
    i += (op as string).length;
    out.push({ kind: 'op', value: op as string, start, end: i });
  }
  out.push({ kind: 'end', value: '', start: text.length, end: text.length });
  return out;
}

const COMPARISON: Record<string, BinaryOp> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

class Parser {
  private pos = 0;
  private depth = 0;
  private nodes = 0;

  constructor(private readonly tokens: Token[]) {}

  private get tok(): Token {
    return this.tokens[this.pos] as Token;
  }

  private next(): Token {
    const t = this.tok;
    if (t.kind !== 'end') this.pos++;
    return t;
  }

  private isOp(...ops: string[]): boolean {
    return this.tok.kind === 'op' && ops.includes(this.tok.value);
  }

  private isWord(...words: string[]): boolean {
    return this.tok.kind === 'name' && words.includes(this.tok.value.toLowerCase());
  }

  private node<N extends Node>(n: N): N {
    if (++this.nodes > EXPR_LIMITS.maxNodes)
      fail('expr.too_large', n, { max: EXPR_LIMITS.maxNodes });
    return n;
  }

  private enter(span: Span): void {
    if (++this.depth > EXPR_LIMITS.maxDepth)
      fail('expr.too_deep', span, { max: EXPR_LIMITS.maxDepth });
  }

  parse(): Node {
    if (this.tok.kind === 'end') fail('expr.empty', { start: 0, end: 0 });
    const n = this.or();
    if (this.tok.kind !== 'end') this.unexpected();
    return n;
  }

  private unexpected(): never {
    const t = this.tok;
    if (t.kind === 'end') return fail('expr.unexpected_end', t);
    if (t.kind === 'op' && t.value === ')') return fail('expr.unbalanced_paren', t);
    return fail('expr.unexpected_token', t, { token: t.kind === 'str' ? `'${t.value}'` : t.value });
  }

  private binary(op: BinaryOp, left: Node, right: Node, opSpan: Span): Node {
    return this.node({
      kind: 'binary',
      op,
      left,
      right,
      opSpan,
      start: left.start,
      end: right.end,
    });
  }

  private or(): Node {
    let left = this.and();
    while (this.isWord('or') || this.isOp('||')) {
      const op = this.next();
      left = this.binary('or', left, this.and(), op);
    }
    return left;
  }

  private and(): Node {
    let left = this.not();
    while (this.isWord('and') || this.isOp('&&')) {
      const op = this.next();
      left = this.binary('and', left, this.not(), op);
    }
    return left;
  }

  private not(): Node {
    if (this.isWord('not') || this.isOp('!')) {
      const op = this.next();
      this.enter(op);
      const arg = this.not();
      this.depth--;
      return this.node({ kind: 'unary', op: 'not', arg, start: op.start, end: arg.end });
    }
    return this.comparison();
  }

  private comparison(): Node {
    const left = this.concat();
    if (this.tok.kind === 'op' && Object.hasOwn(COMPARISON, this.tok.value)) {
      const op = this.next();
      const right = this.concat();
      if (this.tok.kind === 'op' && Object.hasOwn(COMPARISON, this.tok.value))
        fail('expr.chained_comparison', this.tok);
      return this.binary(COMPARISON[op.value] as BinaryOp, left, right, op);
    }
    return left;
  }

  private concat(): Node {
    let left = this.sum();
    while (this.isOp('&')) {
      const op = this.next();
      left = this.binary('&', left, this.sum(), op);
    }
    return left;
  }

  private sum(): Node {
    let left = this.product();
    while (this.isOp('+', '-')) {
      const op = this.next();
      left = this.binary(op.value as BinaryOp, left, this.product(), op);
    }
    return left;
  }

  private product(): Node {
    let left = this.unary();
    while (this.isOp('*', '/')) {
      const op = this.next();
      left = this.binary(op.value as BinaryOp, left, this.unary(), op);
    }
    return left;
  }

  private unary(): Node {
    if (this.isOp('-', '+')) {
      const op = this.next();
      this.enter(op);
      const arg = this.unary();
      this.depth--;
      if (op.value === '+') return arg;
      return this.node({ kind: 'unary', op: '-', arg, start: op.start, end: arg.end });
    }
    return this.postfix();
  }

  private postfix(): Node {
    let n = this.primary();
    while (this.isOp('.')) {
      this.next();
      const t = this.tok;
      if (t.kind !== 'name' && t.kind !== 'braced') fail('expr.member_name', t);
      this.next();
      n = this.node({
        kind: 'member',
        target: n,
        name: t.value,
        nameSpan: { start: t.start, end: t.end },
        start: n.start,
        end: t.end,
      });
    }
    return n;
  }

  private primary(): Node {
    const t = this.tok;
    switch (t.kind) {
      case 'num':
        this.next();
        return this.node({ kind: 'number', text: t.value, start: t.start, end: t.end });
      case 'str':
        this.next();
        return this.node({ kind: 'string', value: t.value, start: t.start, end: t.end });
      case 'param':
        this.next();
        return this.node({ kind: 'param', name: t.value, start: t.start, end: t.end });
      case 'braced':
        this.next();
        return this.node({
          kind: 'field',
          name: t.value,
          braced: true,
          start: t.start,
          end: t.end,
        });
      case 'name': {
        this.next();
        const lower = t.value.toLowerCase();
        if (this.isOp('(')) return this.call(t);
        if (lower === 'true' || lower === 'false')
          return this.node({ kind: 'bool', value: lower === 'true', start: t.start, end: t.end });
        if (lower === 'null') return this.node({ kind: 'null', start: t.start, end: t.end });
        if (['and', 'or', 'not'].includes(lower))
          fail('expr.operand_expected', t, { token: t.value });
        return this.node({
          kind: 'field',
          name: t.value,
          braced: false,
          start: t.start,
          end: t.end,
        });
      }
      case 'op':
        if (t.value === '(') {
          this.next();
          this.enter(t);
          const inner = this.or();
          this.depth--;
          if (!this.isOp(')')) {
            if (this.tok.kind === 'end') fail('expr.unclosed_paren', t);
            this.unexpected();
          }
          const close = this.next();
          return { ...inner, start: t.start, end: close.end };
        }
        return this.unexpected();
      default:
        return this.unexpected();
    }
  }

  private call(name: Token): Node {
    const open = this.next();
    this.enter(open);
    const args: Node[] = [];
    if (!this.isOp(')')) {
      for (;;) {
        args.push(this.or());
        if (this.isOp(',')) {
          this.next();
          continue;
        }
        break;
      }
    }
    if (!this.isOp(')')) {
      if (this.tok.kind === 'end') fail('expr.unclosed_paren', open);
      this.unexpected();
    }
    const close = this.next();
    this.depth--;
    return this.node({
      kind: 'call',
      name: name.value,
      nameSpan: { start: name.start, end: name.end },
      args,
      start: name.start,
      end: close.end,
    });
  }
}

/** Parses an expression; throws `ParseError` with the first problem and where it is. */
export function parseExpr(text: string): Node {
  if (text.length > EXPR_LIMITS.maxLength)
    fail(
      'expr.too_long',
      { start: EXPR_LIMITS.maxLength, end: text.length },
      {
        max: EXPR_LIMITS.maxLength,
      },
    );
  if (text.includes('\u0000'))
    fail(
      'expr.unexpected_char',
      { start: text.indexOf('\u0000'), end: text.indexOf('\u0000') + 1 },
      { char: 'NUL' },
    );
  return new Parser(tokenize(text)).parse();
}
