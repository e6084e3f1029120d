import { cellPatchError, CellPointsSchema, type BingoCell } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@/components';
import { Dialog } from '@/components/dialog';

export interface CellEditDialogProps {
  cell: BingoCell;
  onSave: (patch: { title: string; points: number }) => void;
  onClose: () => void;
}

/** Edit-cell modal (SPEC.md section 2): title, points (number, min 0), Save and Cancel. */
export function CellEditDialog({ cell, onSave, onClose }: CellEditDialogProps) {
  const [title, setTitle] = useState(cell.title);
  const [points, setPoints] = useState(String(cell.points));
  const [errors, setErrors] = useState<{ title?: string; points?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    onSave({ title, points: parsed.data });
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit cell ${cell.id + 1}`}>
      <form className="stack" onSubmit={submit} noValidate>
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
