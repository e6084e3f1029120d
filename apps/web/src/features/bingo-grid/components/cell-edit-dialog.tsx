import {
  cellPatchError,
  CellPointsSchema,
  SCRIPT_CELLS,
  scriptBoardMessages,
  scriptCellById,
  type BingoCell,
  type CellPatch,
  type ScriptCellId,
} from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { Dialog } from '@/components/dialog';

export interface CellEditDialogProps {
  cell: BingoCell;
  onSave: (patch: CellPatch) => void;
  onClose: () => void;
  /**
   * Whether the plan has script cells (quarterly and annual): the dialog then offers the
   * catalogue. A script cell of a lapsed plan can still be turned back into an own cell.
   */
  scriptCase?: boolean;
}

/** The value of the "own cell" choice of the script select. */
const OWN = '';

export const cellEditTexts = {
  kind: 'Cell kind',
  own: 'My own cell',
  scriptHint:
    'A script cell is ticked by the app from market data for the pair and side you plan; its title and points are the script’s.',
} as const;

/**
 * Edit-cell modal (SPEC.md section 2): title, points (number, min 0), Save and Cancel. With
 * script cells in the plan, a "Cell kind" choice turns the cell into one of the catalogue's
 * script cells (its rule shown; title and points fixed by the script) or back into an own cell.
 */
export function CellEditDialog({ cell, onSave, onClose, scriptCase = false }: CellEditDialogProps) {
  const id = useId();
  const [title, setTitle] = useState(cell.title);
  const [points, setPoints] = useState(String(cell.points));
  const [script, setScript] = useState<ScriptCellId | typeof OWN>(cell.script ?? OWN);
  const [errors, setErrors] = useState<{ title?: string; points?: string }>({});
  const offerScripts = scriptCase || cell.script !== undefined;
  const chosen = script === OWN ? undefined : scriptCellById(script);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) {
      if (chosen.id !== cell.script) onSave({ script: chosen.id });
      onClose();
      return;
    }
    const parsed = CellPointsSchema.safeParse(points.trim() === '' ? Number.NaN : Number(points));
    if (!parsed.success) {
      setErrors({ points: parsed.error.issues[0]?.message });
      return;
    }
    const problem = cellPatchError({ title, points: parsed.data });
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    const back = cell.script !== undefined ? { script: null } : {};
    onSave({ ...back, title, points: parsed.data });
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit cell ${cell.id + 1}`}>
      <form className="stack" onSubmit={submit} noValidate>
        {offerScripts ? (
          // The design system has no select yet; this one borrows the text field's look.
          <div className="field">
            <label className="field__label" htmlFor={`${id}-kind`}>
              {cellEditTexts.kind}
            </label>
            <select
              id={`${id}-kind`}
              className="field__control"
              value={script}
              aria-describedby={`${id}-kind-hint`}
              onChange={(event) => {
                const next = scriptCellById(event.target.value);
                setScript(next?.id ?? OWN);
                if (next) setErrors({});
                else if (cell.script !== undefined) {
                  setTitle(cell.title);
                  setPoints(String(cell.points));
                }
              }}
            >
              <option value={OWN}>{cellEditTexts.own}</option>
              {SCRIPT_CELLS.map((entry) => (
                <option
                  key={entry.id}
                  value={entry.id}
                  disabled={!scriptCase && entry.id !== cell.script}
                >
                  Script: {entry.label}
                </option>
              ))}
            </select>
            <p className="field__hint" id={`${id}-kind-hint`}>
              {chosen
                ? `Rule: ${chosen.rule}`
                : scriptCase
                  ? cellEditTexts.scriptHint
                  : scriptBoardMessages.lapsed}
            </p>
          </div>
        ) : null}
        {chosen ? (
          <p className="cell-edit__script" aria-live="polite">
            Title <strong>{chosen.label}</strong> · {chosen.points}{' '}
            {chosen.points === 1 ? 'point' : 'points'} when the script ticks it.
          </p>
        ) : (
          <>
            <TextField
              label="Title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={errors.title}
            />
            <TextField
              label="Points"
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              value={points}
              onChange={(e) => setPoints(e.target.value)}
              error={errors.points}
            />
          </>
        )}
        <div className="row">
          <Button type="submit">Save</Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
