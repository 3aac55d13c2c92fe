import { describe, expect, it } from 'vitest';
import { mysqlText } from './mysql.js';

describe('mysqlText', () => {
  it('spells the standard casts as MySQL does, outside quotes only', () => {
    expect(
      mysqlText('select cast(sum("a") as text) as "h", cast(x as integer), cast(y as BIGINT )'),
    ).toBe('select cast(sum("a") as char) as "h", cast(x as signed), cast(y as signed)');
    expect(mysqlText('select \'cast(x as text)\' as `as text)`, "as integer)" from t')).toBe(
      'select \'cast(x as text)\' as `as text)`, "as integer)" from t',
    );
    expect(mysqlText("select 'it''s as text)', cast(z as text) from `a``b`")).toBe(
      "select 'it''s as text)', cast(z as char) from `a``b`",
    );
    expect(
      mysqlText("with b as materialized (select 'as materialized (' as x) select * from b"),
    ).toBe("with b as (select 'as materialized (' as x) select * from b");
    expect(mysqlText('select "texts" as text_col, cast(n as numeric)')).toBe(
      'select "texts" as text_col, cast(n as numeric)',
    );
  });
});
