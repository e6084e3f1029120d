import { screen, waitFor, within } from '@testing-library/react';
import type { Strategy } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { errorBody, type MockRequest } from '@/test/fetch-mock';
import { strategyFixture } from '@/test/strategy-fixtures';
import { renderAdmin } from '../test-fixtures';
import { nextFreeMonth } from './strategy-publish-dialog';

const draft = strategyFixture({
  id: '33333333-3333-4333-8333-333333333333',
  state: 'draft',
  month: null,
  publishedAt: null,
  title: 'August: breakouts',
});
const published = strategyFixture(); // July 2026

type Reply = { status: number; body?: unknown };

/** The admin page; the strategy routes answer as given and record what was sent. */
function serve(list: Strategy[], extra: Record<string, (req: MockRequest) => Reply> = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const routes: Record<string, (req: MockRequest) => Reply> = {
    'POST /admin/strategies': () => ({ status: 201, body: { strategy: draft } }),
    [`PUT /admin/strategies/${draft.id}`]: () => ({ status: 200, body: { strategy: draft } }),
    [`POST /admin/strategies/${draft.id}/publish`]: () => ({
      status: 200,
      body: { strategy: { ...draft, state: 'published', month: '2026-08' }, mailsQueued: 2 },
    }),
    [`DELETE /admin/strategies/${draft.id}`]: () => ({ status: 200, body: { success: true } }),
    ...extra,
  };
  const recorded = Object.fromEntries(
    Object.entries(routes).map(([key, answer]) => [
      key,
      (req: MockRequest) => {
        sent.push({ method: req.method, path: req.path, body: req.body });
        return answer(req);
      },
    ]),
  );
  const view = renderAdmin({
    'GET /admin/strategies': () => ({ status: 200, body: { strategies: list } }),
    ...recorded,
  });
  return { ...view, sent };
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Strategies', level: 2 })).closest('section')!;

describe('admin: strategies', () => {
  it('lists each strategy with its state, month and last change', async () => {
    serve([draft, published]);
    const table = await within(await card()).findByRole('table', {
      name: 'Strategies, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('August: breakouts');
    expect(rows[0]).toHaveTextContent('Draft');
    expect(
      within(rows[0]!).getByRole('button', { name: 'Publish August: breakouts' }),
    ).toBeVisible();
    expect(rows[1]).toHaveTextContent('Published');
    expect(rows[1]).toHaveTextContent('July 2026');
    expect(rows[1]).toHaveTextContent('30 Jun 2026');
    // A published strategy is not deleted or published again.
    expect(within(rows[1]!).queryByRole('button', { name: /Delete|Publish/ })).toBeNull();
  });

  it('writes a new strategy: title, text with its preview, the 25 cells', async () => {
    const { user, sent } = serve([]);
    await user.click(within(await card()).getByRole('button', { name: 'New strategy' }));
    const form = screen.getByRole('form', { name: 'New strategy' });
    await user.type(within(form).getByLabelText('Title'), 'August: breakouts');
    await user.type(
      within(form).getByLabelText('Text'),
      '## Idea{Enter}{Enter}**Break** and retest',
    );
    const preview = within(form).getByRole('region', { name: 'Preview of the text' });
    expect(within(preview).getByRole('heading', { name: 'Idea' })).toBeVisible();
    expect(within(preview).getByText('Break').tagName).toBe('STRONG');

    // Cell 1, then cell 2 through Next.
    await user.type(within(form).getByLabelText('Cell 1 title'), 'Range marked');
    await user.clear(within(form).getByLabelText('Cell 1 points'));
    await user.type(within(form).getByLabelText('Cell 1 points'), '3');
    await user.click(within(form).getByRole('button', { name: 'Next cell' }));
    await user.type(within(form).getByLabelText('Cell 2 title'), 'Volume on the break');
    expect(
      within(form).getByRole('button', { name: 'Cell 1: Range marked, 3 points' }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(
      within(form).getByRole('button', { name: 'Cell 2: Volume on the break, 0 points' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!.body as {
      title: string;
      body: string;
      board: { title: string; points: number }[];
    };
    expect(sent[0]!.method).toBe('POST');
    expect(body.title).toBe('August: breakouts');
    expect(body.body).toBe('## Idea\n\n**Break** and retest');
    expect(body.board).toHaveLength(25);
    expect(body.board.slice(0, 3)).toEqual([
      { title: 'Range marked', points: 3 },
      { title: 'Volume on the break', points: 0 },
      { title: '', points: 0 },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New strategy' })).toBeNull());
  });

  it('refuses points out of range on the field, and a title left empty', async () => {
    const { user, sent } = serve([]);
    await user.click(within(await card()).getByRole('button', { name: 'New strategy' }));
    const form = screen.getByRole('form', { name: 'New strategy' });
    await user.clear(within(form).getByLabelText('Cell 1 points'));
    await user.type(within(form).getByLabelText('Cell 1 points'), '500');
    expect(within(form).getByText('Points must be a whole number from 0 to 100')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(within(form).getByText('Title is required')).toBeVisible();
    expect(sent).toHaveLength(0);
  });

  it('publishes for the next free month with the mail, and shows a 409 as its sentence', async () => {
    let refuse = true;
    const { user, sent } = serve([draft, published], {
      [`POST /admin/strategies/${draft.id}/publish`]: () =>
        refuse
          ? ((refuse = false),
            {
              status: 409,
              body: errorBody(
                'CONFLICT',
                'A strategy is already published for this month',
                'month',
              ),
            })
          : {
              status: 200,
              body: {
                strategy: { ...draft, state: 'published', month: '2027-01' },
                mailsQueued: 2,
              },
            },
    });
    await user.click(
      await within(await card()).findByRole('button', { name: 'Publish August: breakouts' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Publish the strategy' });
    const month = within(dialog).getByLabelText('Month');
    expect(month).toHaveValue(nextFreeMonth(['2026-07'], new Date()));
    await user.clear(month);
    await user.type(month, '2027-01');
    await user.click(within(dialog).getByLabelText(/Mail subscribers/));
    await user.click(within(dialog).getByRole('button', { name: 'Publish for January 2027' }));
    expect(
      await within(dialog).findByText('A strategy is already published for this month'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Publish for January 2027' }));
    expect(
      await screen.findByText('Published for January 2027. 2 subscriber mails on the way.'),
    ).toBeVisible();
    expect(sent.at(-1)!.body).toEqual({ month: '2027-01', mailSubscribers: true });
  });

  it('deletes a draft after a confirmation', async () => {
    const { user, sent } = serve([draft]);
    await user.click(
      await within(await card()).findByRole('button', { name: 'Delete August: breakouts' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the draft' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
        `DELETE /admin/strategies/${draft.id}`,
      ]),
    );
  });
});

describe('nextFreeMonth', () => {
  it('is this month unless taken, else the first month after it without a strategy', () => {
    const july = new Date('2026-07-10T12:00:00Z');
    expect(nextFreeMonth([], july)).toBe('2026-07');
    expect(nextFreeMonth(['2026-07', '2026-08'], july)).toBe('2026-09');
    expect(nextFreeMonth(['2026-12'], new Date('2026-12-05T00:00:00Z'))).toBe('2027-01');
  });
});
