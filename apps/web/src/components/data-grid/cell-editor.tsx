import type { Editing, RowActions } from './grid-row';
import type { GridColumn } from './types';
import classes from './data-grid.module.css';

/** The editor of the cell being edited, and its error under it. */
export function CellEditor<R>({
  column,
  editing,
  numeric,
  actions,
}: {
  column: GridColumn<R>;
  editing: Editing;
  numeric: boolean;
  actions: RowActions<R>;
}) {
  return (
    <>
      {column.type === 'select' ? (
        <select
          className={classes.editor}
          autoFocus
          aria-label={column.title}
          value={editing.text}
          disabled={editing.saving}
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
          onChange={(e) => actions.editText(e.target.value)}
          onKeyDown={actions.editorKey}
          onBlur={actions.leaveEditor}
        />
      )}
      {editing.error && (
        <div className={classes.error} role="alert">
          {editing.error}
        </div>
      )}
    </>
  );
}
