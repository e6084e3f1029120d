import { screen, waitFor } from '@testing-library/react';
import { defaultWidgetLayout, type WidgetLayoutItem } from '@tb/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { calls, stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const stored = () =>
  JSON.parse(localStorage.getItem('completeLayout') ?? '[]') as WidgetLayoutItem[];
const find = (id: string) => stored().find((item) => item.i === id);

beforeEach(() => resetLocalJournal());

describe('dashboard', () => {
  it('shows the default widgets with title, handle, hint and remove, and the sidebar', async () => {
    stubFetch(() => ({ status: 500 }));
    renderApp('/bingo');
    for (const title of ['Bingo Grid', 'Risk/Reward Calculator', 'Trade Details', 'Trade Idea']) {
      expect(await screen.findByRole('region', { name: title })).toBeVisible();
      expect(screen.getByRole('button', { name: `Move ${title}` })).toBeVisible();
      expect(screen.getByRole('button', { name: `Remove ${title}` })).toBeVisible();
    }
    expect(screen.getByRole('button', { name: 'Workflow step 2' })).toHaveAccessibleDescription(
      /^Assign points to your good practices/,
    );
    expect(screen.getByRole('complementary', { name: 'Risk management' })).toBeVisible();
    expect(document.body).toHaveClass('route-bingo');
  });

  it('removeWidget takes a widget off, remembers its place, and clears the parameter', async () => {
    const fetch = stubFetch(() => ({ status: 500 }));
    renderApp('/bingo?removeWidget=risk');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
    expect(
      screen.queryByRole('region', { name: 'Risk/Reward Calculator' }),
    ).not.toBeInTheDocument();
    expect(find('risk')).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('removedWidgetPositions') ?? '{}')).toEqual({
      risk: { x: 9, y: 0, w: 2, h: 9 },
    });
    expect(JSON.parse(localStorage.getItem('activeWidgets') ?? '[]')).not.toContain('risk');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('addWidget brings a removed widget back where it was; an existing type is skipped', async () => {
    stubFetch(() => ({ status: 500 }));
    const layout = defaultWidgetLayout().filter((item) => item.i !== 'risk');
    localStorage.setItem('completeLayout', JSON.stringify(layout));
    localStorage.setItem(
      'removedWidgetPositions',
      JSON.stringify({ risk: { x: 10, y: 3, w: 2, h: 9 } }),
    );
    const first = renderApp('/bingo?addWidget=risk-reward');
    expect(await screen.findByRole('region', { name: 'Risk/Reward Calculator' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
    // Back in its column and size; the grid then compacts it upwards into the free space.
    expect(find('risk')).toMatchObject({ x: 10, w: 2, h: 9, widgetType: 'risk-reward' });
    first.unmount();

    renderApp('/bingo?addWidget=bingo');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
    expect(screen.getAllByRole('region', { name: 'Bingo Grid' })).toHaveLength(1);
    expect(stored()).toHaveLength(4);
  });

  it('the remove button and the keyboard handle change the saved layout', async () => {
    stubFetch(() => ({ status: 500 }));
    const { user } = renderApp('/bingo');
    const handle = await screen.findByRole('button', { name: 'Move Bingo Grid' });
    handle.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(find('bingo')).toMatchObject({ x: 3 }));
    await user.click(screen.getByRole('button', { name: 'Remove Trade Idea' }));
    expect(screen.queryByRole('region', { name: 'Trade Idea' })).not.toBeInTheDocument();
    expect(find('trade-idea')).toBeUndefined();
  });

  it('signed in: loads the layout from the server and saves changes there, debounced', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('username', 'trader1');
    const fetch = stubFetch(({ path, method }) => {
      if (path === '/users/widget-layout' && method === 'GET') {
        return { status: 200, body: { layout: defaultWidgetLayout() } };
      }
      if (path === '/users/widget-layout') return { status: 200, body: { layout: [] } };
      return { status: 500 };
    });
    renderApp('/bingo?removeWidget=trade-idea');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    await waitFor(() => expect(calls(fetch)).toContain('PUT /api/users/widget-layout'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = JSON.parse(String(put?.[1]?.body)) as { layout: WidgetLayoutItem[] };
    expect(body.layout.map((item) => item.i)).toEqual(['trade-details', 'bingo', 'risk']);
    expect(localStorage.getItem('completeLayout')).toBeNull();
  });
});
