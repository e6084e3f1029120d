import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STRATEGY_BODY_MAX_LENGTH, STRATEGY_TITLE_MAX_LENGTH, type Strategy } from '@tb/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField, TextField } from '@/components';
import { Markdown, saveStrategyMutationOptions, strategyKeys } from '@/features/strategies';
import { errorMessage } from '@/lib/api-error';
import { adminKeys } from '../api';
import { BoardEditor, emptyStrategyBoard } from './strategy-board-editor';

export const strategyEditorTexts = {
  markdownHint:
    'Markdown: # heading, **bold**, *italic*, - list, 1. list, > quote, `code`, [link](https://...). No HTML, no images.',
  titleRequired: 'Title is required',
} as const;

/**
 * Writes or edits a strategy: title, text with its live preview, and the 25-cell board. Saving
 * keeps a draft a draft (a published one stays published); the server's refusal shows as its
 * sentence.
 */
export function StrategyEditor({
  strategy,
  onDone,
  onCancel,
}: {
  strategy: Strategy | null;
  onDone: (saved: Strategy) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const [title, setTitle] = useState(strategy?.title ?? '');
  const [body, setBody] = useState(strategy?.body ?? '');
  const [board, setBoard] = useState(() =>
    strategy ? strategy.board.map((c) => ({ ...c })) : emptyStrategyBoard(),
  );
  const [titleError, setTitleError] = useState<string>();
  const save = useMutation({
    ...saveStrategyMutationOptions(),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: strategyKeys.all });
      void client.invalidateQueries({ queryKey: adminKeys.all });
      onDone(saved);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setTitleError(strategyEditorTexts.titleRequired);
      return;
    }
    setTitleError(undefined);
    save.mutate({ id: strategy?.id ?? null, draft: { title: title.trim(), body, board } });
  };

  const heading = strategy ? `Edit "${strategy.title}"` : 'New strategy';
  return (
    <form className="strategy-editor" onSubmit={submit} aria-label={heading} noValidate>
      <h3 className="admin-subsection__title">{heading}</h3>
      <TextField
        label="Title"
        value={title}
        maxLength={STRATEGY_TITLE_MAX_LENGTH}
        error={titleError}
        onChange={(e) => setTitle(e.target.value)}
      />
      <div className="strategy-editor__text">
        <TextAreaField
          label="Text"
          rows={12}
          value={body}
          maxLength={STRATEGY_BODY_MAX_LENGTH}
          hint={strategyEditorTexts.markdownHint}
          onChange={(e) => setBody(e.target.value)}
        />
        <section className="strategy-editor__preview" aria-label="Preview of the text">
          <p className="strategy-editor__preview-label" aria-hidden="true">
            Preview
          </p>
          {body.trim() ? (
            <Markdown text={body} headingOffset={3} />
          ) : (
            <p className="admin-muted">The text shows here as traders will read it.</p>
          )}
        </section>
      </div>
      <BoardEditor cells={board} onChange={setBoard} />
      {save.isError ? (
        <Alert tone="error">{errorMessage(save.error, 'The strategy could not be saved')}</Alert>
      ) : null}
      <div className="strategy-editor__actions">
        <Button type="submit" busy={save.isPending}>
          {strategy?.state === 'published' ? 'Save changes' : 'Save draft'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
