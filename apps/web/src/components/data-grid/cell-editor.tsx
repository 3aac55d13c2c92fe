import type { Editing, RowActions } from './grid-row';
import type { GridColumn } from './types';
import classes from './data-grid.module.css';

/** The editor of the cell being edited (its error shows in the grid's message strip). */
export function CellEditor<R>({
  column,
  editing,
  numeric,
  actions,
  errorId,
}: {
  column: GridColumn<R>;
  editing: Editing;
  numeric: boolean;
  actions: RowActions<R>;
  /** The grid's message strip, which tells what is wrong with the value. */
  errorId: string;
}) {
  const described = editing.error ? errorId : undefined;
  return (
    <>
      {column.type === 'select' ? (
        <select
          className={classes.editor}
          autoFocus
          aria-label={column.title}
          value={editing.text}
          disabled={editing.saving}
          aria-invalid={editing.error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => actions.editText(e.target.value)}
          onKeyDown={actions.editorKey}
          onBlur={actions.leaveEditor}
        >
          <option value="" />
          {column.choices?.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          className={classes.editor}
          autoFocus
          aria-label={column.title}
          type={column.type === 'date' ? 'date' : 'text'}
          inputMode={numeric ? 'decimal' : undefined}
          value={editing.text}
          disabled={editing.saving}
          style={{ textAlign: numeric ? 'right' : undefined }}
          aria-invalid={editing.error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => actions.editText(e.target.value)}
          onKeyDown={actions.editorKey}
          onBlur={actions.leaveEditor}
        />
      )}
    </>
  );
}
