import type { FieldType } from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { ExprType } from './types.js';

/**
 * Between a field's stored column and the expression's internal form (see sql.ts). Numbers are
 * stored as the expression computes with them — decimals as SQLite integer units at the field's
 * scale or PostgreSQL `numeric` — so they are read and written as they are. Booleans are stored
 * 0/1, which PostgreSQL's boolean logic needs converted.
 */
export function storedToInternal(
  x: RawBuilder<unknown>,
  fieldType: FieldType,
  _type: ExprType,
  dialect: DialectName,
): RawBuilder<unknown> {
  if (fieldType === 'boolean' && dialect === 'postgres') return sql`(${x} <> 0)`;
  return x;
}

/** An internal value (of the field's own type) as the column of the field stores it. */
export function internalToStored(
  x: RawBuilder<unknown>,
  _fieldType: FieldType,
  type: ExprType,
  dialect: DialectName,
): RawBuilder<unknown> {
  if (type.t === 'bool' && dialect === 'postgres')
    return sql`(case when ${x} then 1 when not ${x} then 0 end)`;
  return x;
}
