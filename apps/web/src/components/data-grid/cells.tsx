import { IconCheck, IconPaperclip } from '@tabler/icons-react';
import { memo, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatValue, isReference } from './format';
import type { Choice, GridColumn, GridLabels } from './types';
import classes from './data-grid.module.css';

/** Colours of a choice pill from a theme colour name (or any CSS colour). */
function pillStyle(color: string | undefined): CSSProperties | undefined {
  if (!color) return undefined;
  if (/^[a-z]+$/.test(color)) {
    return {
      '--pill-bg': `var(--mantine-color-${color}-light)`,
      '--pill-fg': `var(--mantine-color-${color}-light-color)`,
    } as CSSProperties;
  }
  return {
    '--pill-bg': `color-mix(in srgb, ${color} 18%, transparent)`,
    '--pill-fg': color,
  } as CSSProperties;
}

function Pill({ choice, value }: { choice: Choice | undefined; value: unknown }) {
  return (
    <span className={classes.pill} style={pillStyle(choice?.color)}>
      {choice?.label ?? String(value)}
    </span>
  );
}

/**
 * The read-only content of one cell, by the column's type. Plain elements only: a screen of
 * cells renders in a few milliseconds while scrolling.
 */
function CellContentInner<R>({
  column,
  value,
  row,
  locale,
  labels,
}: {
  column: GridColumn<R>;
  value: unknown;
  row: R;
  locale: string;
  labels: GridLabels;
}) {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'boolean': {
      const on = value === true || value === 1 || value === 'true';
      return on ? (
        <IconCheck size={16} aria-label={labels.yes} color="var(--mantine-color-teal-filled)" />
      ) : (
        <span className={classes.text} aria-label={labels.no} />
      );
    }
    case 'select':
      return <Pill choice={column.choices?.find((c) => c.value === value)} value={value} />;
    case 'multiselect': {
      const list = Array.isArray(value) ? (value as unknown[]) : [value];
      return (
        <span className={classes.pills}>
          {list.map((v) => (
            <Pill key={String(v)} choice={column.choices?.find((c) => c.value === v)} value={v} />
          ))}
        </span>
      );
    }
    case 'reference': {
      if (!isReference(value)) return <span className={classes.text}>{String(value)}</span>;
      const href = column.href?.(value, row);
      return href ? (
        <Link to={href} className={classes.link} onClick={(e) => e.stopPropagation()}>
          {value.label}
        </Link>
      ) : (
        <span className={classes.text}>{value.label}</span>
      );
    }
    case 'email':
      return (
        <a href={`mailto:${String(value)}`} className={classes.link}>
          {String(value)}
        </a>
      );
    case 'url':
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer" className={classes.link}>
          {String(value)}
        </a>
      );
    case 'phone':
      return (
        <a href={`tel:${String(value).replace(/\s+/g, '')}`} className={classes.link}>
          {String(value)}
        </a>
      );
    case 'attachment': {
      // `{ id, name }` (or a bare file id): a button carrying the file id; the screen that owns
      // the grid listens for clicks on `[data-file-id]` and downloads the file.
      const fileId =
        typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : null;
      const name = formatValue('attachment', value, locale);
      return fileId ? (
        <button
          type="button"
          className={`${classes.link} ${classes.fileButton}`}
          data-file-id={fileId}
          data-file-name={name}
          title={name}
        >
          <IconPaperclip size={14} />
          <span className={classes.text}>{name}</span>
        </button>
      ) : (
        <>
          <IconPaperclip size={14} />
          <span className={classes.text}>{name}</span>
        </>
      );
    }
    default:
      return (
        <span className={classes.text}>
          {formatValue(column.type, value, locale, {
            currency: column.currency,
            precision: column.precision,
          })}
        </span>
      );
  }
}

/** Memoised: a re-render of the grid while scrolling skips cells whose row did not change. */
export const CellContent = memo(
  CellContentInner,
  (a, b) =>
    a.column === b.column &&
    a.row === b.row &&
    a.locale === b.locale &&
    a.labels === b.labels &&
    (a.value === b.value ||
      (isReference(a.value) &&
        isReference(b.value) &&
        a.value.id === b.value.id &&
        a.value.label === b.value.label)),
) as typeof CellContentInner;
