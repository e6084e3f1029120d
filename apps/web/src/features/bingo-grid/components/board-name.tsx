import { useState, type KeyboardEvent } from 'react';

export interface BoardNameProps {
  name: string;
  /** Free users get the premium lock instead of the editor. */
  canRename: boolean;
  onLocked: () => void;
  onRename: (name: string) => void;
}

/**
 * The board name; clicking it starts a rename (SPEC.md section 2): the original is kept,
 * Enter saves only a changed (trimmed) name, Escape cancels and restores the original.
 */
export function BoardName({ name, canRename, onLocked, onRename }: BoardNameProps) {
  const [draft, setDraft] = useState<string | null>(null);

  const finish = (save: boolean) => {
    if (save && draft !== null && draft.trim() !== name) onRename(draft);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(true);
    if (event.key === 'Escape') {
      event.stopPropagation();
      finish(false);
    }
  };

  if (draft !== null) {
    return (
      <input
        className="board-nav__input"
        aria-label="Board name"
        value={draft}
        maxLength={50}
        // The editor appears because the person asked for it: moving focus there is expected.
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish(false)}
      />
    );
  }
  return (
    <button
      type="button"
      className="board-nav__name"
      title="Rename board"
      aria-label={`Board: ${name}. Rename`}
      onClick={() => (canRename ? setDraft(name) : onLocked())}
    >
      {name}
    </button>
  );
}
