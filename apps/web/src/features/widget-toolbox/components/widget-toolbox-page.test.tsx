import { createEvent, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const zone = (name: string) => screen.getByRole('region', { name });
const stored = () => (JSON.parse(localStorage.getItem('activeWidgets') ?? '[]') as string[]).sort();

/** Drags with a shared DataTransfer, as the browser does. */
function drag(item: HTMLElement, target: HTMLElement) {
  const data = new Map<string, string>();
  const dataTransfer = {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: 'all',
  };
  for (const [name, node] of [
    ['dragStart', item],
    ['dragOver', target],
    ['drop', target],
  ] as const) {
    const event = createEvent[name](node);
    Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    fireEvent(node, event);
  }
}

beforeEach(() => resetLocalJournal());

describe('widget toolbox page', () => {
  it('lists the widgets on the dashboard and the others; buttons and drag and drop move them', async () => {
    stubFetch(() => ({ status: 500 }));
    const { user } = renderApp('/widget-toolbox');
    const board = await screen.findByRole('region', { name: 'On your dashboard' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(4);
    expect(
      within(zone('Available')).getByText('Trading Chart', { selector: '.toolbox__title' }),
    ).toBeVisible();

    await user.click(within(board).getByRole('button', { name: 'Remove Bingo Grid' }));
    expect(
      within(zone('Available')).getByText('Bingo Grid', { selector: '.toolbox__title' }),
    ).toBeVisible();
    expect(stored()).toEqual(['risk', 'trade-details', 'trade-idea']);

    drag(
      within(zone('Available'))
        .getByText('Bingo Grid', { selector: '.toolbox__title' })
        .closest('li')!,
      zone('On your dashboard'),
    );
    expect(
      within(zone('On your dashboard')).getByText('Bingo Grid', { selector: '.toolbox__title' }),
    ).toBeVisible();
    expect(stored()).toEqual(['bingo', 'risk', 'trade-details', 'trade-idea']);
  });
});
