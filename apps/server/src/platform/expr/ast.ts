/**
 * The syntax tree of an expression, as the parser makes it: every node knows where it stands in
 * the text (`start`–`end`, offsets in UTF-16 units as a text editor counts them) so that every
 * error can point at the part it is about.
 */
export interface Span {
  start: number;
  end: number;
}

export type BinaryOp =
  '+' | '-' | '*' | '/' | '&' | '=' | '!=' | '<' | '<=' | '>' | '>=' | 'and' | 'or';

export type Node = Span &
  (
    | { kind: 'number'; text: string }
    | { kind: 'string'; value: string }
    | { kind: 'bool'; value: boolean }
    | { kind: 'null' }
    /** A field of the row (`amount`, or `{Amount due}` by name). */
    | { kind: 'field'; name: string; braced: boolean }
    /** A parameter (`@scenario`). */
    | { kind: 'param'; name: string }
    /** `x.name` — a field of the record a reference points to. */
    | { kind: 'member'; target: Node; name: string; nameSpan: Span }
    | { kind: 'call'; name: string; nameSpan: Span; args: Node[] }
    | { kind: 'unary'; op: '-' | 'not'; arg: Node }
    | { kind: 'binary'; op: BinaryOp; left: Node; right: Node; opSpan: Span }
  );

export type NodeOf<K extends Node['kind']> = Extract<Node, { kind: K }>;
