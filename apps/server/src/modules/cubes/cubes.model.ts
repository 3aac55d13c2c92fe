import {
  nameIn,
  numericTypes,
  textualTypes,
  type CubeAggregate,
  type CubeCalculated,
  type CubeDateGrain,
  type CubeDimension,
  type CubeLayout,
  type CubeLock,
  type CubeMeasure,
  type CubeMeasureInfo,
  type FieldType,
  type FilterNode,
} from '@fiscus/contracts';
import type { OpContext } from '../../platform/context.js';
import { addError, invalid } from '../../platform/errors.js';
import {
  findField,
  loadObject,
  shownName,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import { cubesText } from './cubes.messages.js';
import { fieldScale } from './cubes.numbers.js';

/** A cube's definition as stored (JSON in pf_cubes.definition). */
export interface CubeDefinition {
  dimensions: CubeDimension[];
  measures: CubeMeasure[];
  calculated: CubeCalculated[];
  parameters: FilterNode | null;
  defaultLayout: CubeLayout | null;
  locks: CubeLock[];
  keyDimensions: string[];
}

export type DimKind = 'select' | 'reference' | 'boolean' | 'text' | 'date';

export interface DimModel {
  key: string;
  label: string;
  field: FieldMeta;
  kind: DimKind;
  grain?: CubeDateGrain;
}

export interface MeasureModel {
  key: string;
  label: string;
  fn: CubeAggregate;
  field?: FieldMeta;
  info: CubeMeasureInfo;
}

export interface CalcModel {
  key: string;
  label: string;
  fn: 'difference' | 'ratio';
  left: string;
  right: string;
  info: CubeMeasureInfo;
}

export interface LockModel {
  dim: DimModel;
  /** The boolean field of the reference's target object, and that object. */
  flag: FieldMeta;
  target: ObjectMeta;
}

export interface CubeModel {
  id: string;
  name: string;
  meta: ObjectMeta;
  dims: DimModel[];
  measures: MeasureModel[];
  calcs: CalcModel[];
  parameters: FilterNode | null;
  locks: LockModel[];
  keyDims: DimModel[];
}

const TEXT_DIM: readonly FieldType[] = [...textualTypes.filter((t) => t !== 'longtext')];

function dimKind(type: FieldType): DimKind | undefined {
  if (type === 'select') return 'select';
  if (type === 'reference') return 'reference';
  if (type === 'boolean') return 'boolean';
  if (type === 'date' || type === 'datetime') return 'date';
  if (TEXT_DIM.includes(type)) return 'text';
  return undefined;
}

/** The kind of dimension a field makes (undefined: the field cannot be a dimension). */
export function dimKindOf(type: FieldType | undefined): DimKind | undefined {
  return type ? dimKind(type) : undefined;
}

/** Column candidates first: periods, then the short lists (yes/no, a select's choices). */
const COL_RANK: Record<DimKind, number> = { date: 0, boolean: 1, select: 2, reference: 3, text: 4 };

/**
 * The layout a cube opens with when its definition names none: the first dimension that is
 * not a period on rows (the first dimension when all are periods), a period on columns (else
 * a yes/no or select dimension, else the next dimension), the first measure in the values.
 */
export function guessLayout(
  dims: readonly { key: string; kind: DimKind | undefined }[],
  measures: readonly { key: string }[],
): CubeLayout {
  const row = dims.find((d) => d.kind !== 'date') ?? dims[0];
  const rest = dims.filter((d) => d !== row);
  const rank = (d: (typeof dims)[number]) => (d.kind ? COL_RANK[d.kind] : 5);
  const col = rest.reduce<(typeof dims)[number] | undefined>(
    (best, d) => (!best || rank(d) < rank(best) ? d : best),
    undefined,
  );
  return {
    rows: row ? [row.key] : [],
    cols: col ? [col.key] : [],
    measures: measures[0] ? [measures[0].key] : [],
  };
}

function measureAllowed(fn: CubeAggregate, type: FieldType): boolean {
  switch (fn) {
    case 'count':
      return true;
    case 'count_distinct':
      return !['longtext', 'multiselect', 'attachment'].includes(type);
    case 'sum':
    case 'avg':
      return numericTypes.includes(type);
    case 'min':
    case 'max':
      return numericTypes.includes(type) || type === 'date' || type === 'datetime';
  }
}

const GRAIN_LABEL: Record<CubeDateGrain, string> = {
  year: 'year',
  quarter: 'quarter',
  month: 'month',
  day: 'day',
};

function measureInfo(
  key: string,
  label: string,
  fn: CubeAggregate,
  f?: FieldMeta,
): CubeMeasureInfo {
  const base = { key, label, fn, writable: false, scale: 0 };
  if (fn === 'count' || fn === 'count_distinct') return { ...base, valueType: 'number' };
  const type = f?.type ?? 'integer';
  if (fn === 'sum' || fn === 'avg') {
    const scale = type === 'integer' ? (fn === 'avg' ? 2 : 0) : fieldScale(f as FieldMeta);
    // A computed field's values come from its definition: nothing is typed into them.
    return { ...base, valueType: 'decimal', scale, writable: fn === 'sum' && !f?.computed };
  }
  if (type === 'integer') return { ...base, valueType: 'integer' };
  if (type === 'date' || type === 'datetime') return { ...base, valueType: type };
  return { ...base, valueType: 'decimal', scale: fieldScale(f as FieldMeta) };
}

/**
 * Checks a definition against the object's fields and resolves it. Problems are a 400 naming
 * each path (`dimensions.2.field`). Lock targets are loaded from the same domain.
 */
export async function resolveCube(
  ctx: OpContext,
  meta: ObjectMeta,
  def: CubeDefinition,
  head: { id: string; name: string },
): Promise<CubeModel> {
  const errors: Record<string, string[]> = {};
  const lang = ctx.lang;
  const keys = new Set<string>();
  const claim = (key: string, path: string) => {
    if (keys.has(key)) addError(errors, path, cubesText(lang, 'cube.key_twice', { key }));
    keys.add(key);
  };
  const unknown = (field: string) =>
    cubesText(lang, 'cube.unknown_field', { field: field.slice(0, 60), object: meta.name });

  const dims: DimModel[] = [];
  def.dimensions.forEach((d, i) => {
    const path = `dimensions.${i}`;
    claim(d.key, `${path}.key`);
    const f = findField(meta, d.field);
    if (!f) return addError(errors, `${path}.field`, unknown(d.field));
    const kind = dimKind(f.type);
    if (!kind)
      return addError(
        errors,
        `${path}.field`,
        cubesText(lang, 'cube.dimension_type', { type: f.type }),
      );
    if (d.grain && kind !== 'date')
      return addError(errors, `${path}.grain`, cubesText(lang, 'cube.grain_not_date'));
    const grain = kind === 'date' ? (d.grain ?? 'month') : undefined;
    const name = shownName(lang, f);
    const label = d.label?.trim()
      ? nameIn(lang, { name: d.label.trim(), names: d.names })
      : grain
        ? `${name} (${GRAIN_LABEL[grain]})`
        : name;
    dims.push({ key: d.key, label, field: f, kind, grain });
  });

  const measures: MeasureModel[] = [];
  def.measures.forEach((m, i) => {
    const path = `measures.${i}`;
    claim(m.key, `${path}.key`);
    let f: FieldMeta | undefined;
    if (m.field) {
      f = findField(meta, m.field);
      if (!f) return addError(errors, `${path}.field`, unknown(m.field));
      if (!measureAllowed(m.fn, f.type))
        return addError(
          errors,
          `${path}.fn`,
          cubesText(lang, 'cube.measure_type', { fn: m.fn, type: f.type }),
        );
    } else if (m.fn !== 'count') {
      return addError(errors, `${path}.field`, cubesText(lang, 'cube.measure_field', { fn: m.fn }));
    }
    const label = m.label?.trim()
      ? nameIn(lang, { name: m.label.trim(), names: m.names })
      : f
        ? `${shownName(lang, f)} (${m.fn})`
        : m.fn;
    measures.push({
      key: m.key,
      label,
      fn: m.fn,
      field: f,
      info: measureInfo(m.key, label, m.fn, f),
    });
  });

  // Cells are typed into only on the platform's own tables (a mounted table is read-only).
  if (meta.kind !== 'table' && meta.kind !== 'reference')
    for (const m of measures) m.info.writable = false;

  const calcs: CalcModel[] = [];
  const scaleOfKey = new Map<string, number>(measures.map((m) => [m.key, m.info.scale]));
  def.calculated.forEach((c, i) => {
    const path = `calculated.${i}`;
    claim(c.key, `${path}.key`);
    const numericKey = (k: string) => {
      const m = measures.find((x) => x.key === k);
      if (m)
        return (
          m.info.valueType === 'number' ||
          m.info.valueType === 'decimal' ||
          m.info.valueType === 'integer'
        );
      return calcs.some((x) => x.key === k);
    };
    let ok = true;
    for (const side of ['left', 'right'] as const) {
      if (!numericKey(c[side])) {
        addError(errors, `${path}.${side}`, cubesText(lang, 'cube.calc_order'));
        ok = false;
      }
    }
    if (!ok) return;
    const scale =
      c.fn === 'ratio'
        ? (c.scale ?? 4)
        : Math.max(scaleOfKey.get(c.left) ?? 0, scaleOfKey.get(c.right) ?? 0);
    scaleOfKey.set(c.key, scale);
    const label = c.label?.trim()
      ? nameIn(lang, { name: c.label.trim(), names: c.names })
      : `${c.left} ${c.fn === 'ratio' ? '÷' : '−'} ${c.right}`;
    calcs.push({
      key: c.key,
      label,
      fn: c.fn,
      left: c.left,
      right: c.right,
      info: { key: c.key, label, fn: c.fn, valueType: 'decimal', scale, writable: false },
    });
  });

  const locks: LockModel[] = [];
  for (const [i, l] of def.locks.entries()) {
    const dim = dims.find((d) => d.key === l.dimension);
    // The records below a written cell are checked by their own reference (a stored one).
    if (!dim || dim.kind !== 'reference' || !dim.field.options.target || dim.field.computed) {
      addError(errors, `locks.${i}.dimension`, cubesText(lang, 'cube.lock_dimension'));
      continue;
    }
    let target: ObjectMeta;
    try {
      target = await loadObject(ctx, dim.field.options.target);
    } catch {
      addError(errors, `locks.${i}.dimension`, cubesText(lang, 'cube.lock_dimension'));
      continue;
    }
    const flag = findField(target, l.field);
    if (!flag || flag.type !== 'boolean') {
      addError(
        errors,
        `locks.${i}.field`,
        cubesText(lang, 'cube.lock_field', { field: l.field.slice(0, 60), object: target.name }),
      );
      continue;
    }
    locks.push({ dim, flag, target });
  }

  const keyDims: DimModel[] = [];
  def.keyDimensions.forEach((k, i) => {
    const d = dims.find((x) => x.key === k);
    if (!d)
      addError(errors, `keyDimensions.${i}`, cubesText(lang, 'cube.unknown_dimension', { key: k }));
    else if (!keyDims.includes(d)) keyDims.push(d);
  });

  if (def.defaultLayout)
    checkLayout(ctx, def.defaultLayout, dims, measures, calcs, 'defaultLayout', errors);
  if (Object.keys(errors).length) throw invalid(lang, errors);
  return {
    id: head.id,
    name: head.name,
    meta,
    dims,
    measures,
    calcs,
    parameters: def.parameters,
    locks,
    keyDims,
  };
}

/** Checks a layout's keys; problems go into `errors` under `prefix`. */
export function checkLayout(
  ctx: Pick<OpContext, 'lang'>,
  layout: Pick<CubeLayout, 'rows' | 'cols' | 'measures' | 'rowSort' | 'colSort'>,
  dims: DimModel[],
  measures: MeasureModel[],
  calcs: CalcModel[],
  prefix: string,
  errors: Record<string, string[]>,
): void {
  const lang = ctx.lang;
  const p = (s: string) => (prefix ? `${prefix}.${s}` : s);
  const seen = new Set<string>();
  for (const axis of ['rows', 'cols'] as const) {
    layout[axis].forEach((k, i) => {
      if (!dims.some((d) => d.key === k))
        addError(errors, p(`${axis}.${i}`), cubesText(lang, 'cube.unknown_dimension', { key: k }));
      else if (seen.has(k))
        addError(errors, p(`${axis}.${i}`), cubesText(lang, 'cube.axis_twice', { key: k }));
      seen.add(k);
    });
  }
  const mkeys = new Set<string>();
  layout.measures.forEach((k, i) => {
    if (!measures.some((m) => m.key === k) && !calcs.some((c) => c.key === k))
      addError(errors, p(`measures.${i}`), cubesText(lang, 'cube.unknown_measure', { key: k }));
    else if (mkeys.has(k))
      addError(errors, p(`measures.${i}`), cubesText(lang, 'cube.axis_twice', { key: k }));
    mkeys.add(k);
  });
  for (const s of ['rowSort', 'colSort'] as const) {
    const sort = layout[s];
    if (sort?.by === 'measure' && (!sort.measure || !mkeys.has(sort.measure)))
      addError(errors, p(`${s}.measure`), cubesText(lang, 'cube.sort_measure'));
  }
}
