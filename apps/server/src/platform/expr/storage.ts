import type { FieldType } from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import { storageOf } from '../values.js';
import { scaleOfType, type ExprType } from './types.js';

/**
 * Between a field's stored column and the expression's internal form (see sql.ts). The internal
 * form of a decimal is exact: SQLite integer units (value × 10^scale), PostgreSQL `numeric`.
 * A column that already holds exact numbers is read as it is; a column of floating-point
 * numbers (the storage of decimal fields before they were made exact) is rounded to the field's
 * scale on the way in and converted back on the way out. Booleans are stored 0/1.
 */
function floating(fieldType: FieldType): boolean {
  const storage: string = storageOf(fieldType);
  return storage === 'real' || storage === 'money';
}

export function storedToInternal(
  x: RawBuilder<unknown>,
  fieldType: FieldType,
  type: ExprType,
  dialect: DialectName,
): RawBuilder<unknown> {
  if (fieldType === 'boolean' && dialect === 'postgres') return sql`(${x} <> 0)`;
  if (type.t === 'dec' && floating(fieldType)) {
    const s = scaleOfType(type);
    return dialect === 'sqlite'
      ? sql`cast(round(${x} * ${sql.lit(10 ** s)}) as integer)`
      : sql`round(cast(${x} as numeric), ${sql.lit(s)})`;
  }
  return x;
}

/** An internal value (of the field's own type) as the column of the field stores it. */
export function internalToStored(
  x: RawBuilder<unknown>,
  fieldType: FieldType,
  type: ExprType,
  dialect: DialectName,
): RawBuilder<unknown> {
  if (type.t === 'bool' && dialect === 'postgres')
    return sql`(case when ${x} then 1 when not ${x} then 0 end)`;
  if (type.t === 'dec' && floating(fieldType) && dialect === 'sqlite')
    return sql`(cast(${x} as real) / ${sql.lit(10 ** scaleOfType(type))})`;
  return x;
}
