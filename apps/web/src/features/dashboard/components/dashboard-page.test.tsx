import { screen, waitFor, within } from '@testing-library/react';
import { defaultWidgetLayout, type WidgetLayoutItem, type WidgetLayouts } from '@tb/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetLocalJournal } from '@/features/journal';
import { calls, stubFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const storedLayouts = () =>
  JSON.parse(localStorage.getItem('completeLayout') ?? '{}') as Partial<WidgetLayouts>;
const stored = () => storedLayouts().desktop ?? [];
const find = (id: string) => stored().find((item) => item.i === id);
const ids = (layout: WidgetLayoutItem[] | undefined) => (layout ?? []).map((item) => item.i);
/** The widget titles in DOM order: the order Tab goes through them. */
const widgetTitles = () =>
  [...document.querySelectorAll('.widget-frame__title')].map((title) => title.textContent);

const desktopWidth = window.innerWidth;
function phone() {
  window.innerWidth = 390;
}

beforeEach(() => resetLocalJournal());
afterEach(() => {
  window.innerWidth = desktopWidth;
});

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
      risk: { x: 8, y: 0, w: 4, h: 9 },
    });
    expect(JSON.parse(localStorage.getItem('activeWidgets') ?? '[]')).not.toContain('risk');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('addWidget brings a removed widget back where it was (an old single layout is read as the desktop one); an existing type is skipped', async () => {
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
    await user.click(await screen.findByRole('button', { name: 'Remove Trade Idea' }));
    expect(screen.queryByRole('region', { name: 'Trade Idea' })).not.toBeInTheDocument();
    expect(find('trade-idea')).toBeUndefined();
    const handle = screen.getByRole('button', { name: 'Move Bingo Grid' });
    handle.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(find('bingo')).toMatchObject({ x: 2 }));
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
    const body = JSON.parse(String(put?.[1]?.body)) as { layouts: Partial<WidgetLayouts> };
    // The server's answer was an old single layout: the desktop one; the phone one is derived.
    // Only the breakpoint that changed is sent: the phone layout stays as the server has it.
    expect(ids(body.layouts.desktop ?? [])).toEqual(['bingo', 'risk', 'trade-details']);
    expect(body.layouts.mobile).toBeUndefined();
    expect(localStorage.getItem('completeLayout')).toBeNull();
  });

  it('tabs through the widgets in reading order: top row left to right, then the next', async () => {
    stubFetch(() => ({ status: 500 }));
    const layout = defaultWidgetLayout().reverse();
    localStorage.setItem('completeLayout', JSON.stringify(layout));
    renderApp('/bingo');
    await screen.findByRole('region', { name: 'Trade Details' });
    expect(widgetTitles()).toEqual([
      'Trade Idea',
      'Bingo Grid',
      'Risk/Reward Calculator',
      'Trade Details',
    ]);
  });

  it('on a phone: workflow order, no handles, and removing a widget leaves the desktop layout', async () => {
    phone();
    stubFetch(() => ({ status: 500 }));
    renderApp('/bingo?removeWidget=risk');
    await screen.findByRole('region', { name: 'Trade Idea' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
    expect(widgetTitles()).toEqual(['Trade Idea', 'Bingo Grid', 'Trade Details']);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(ids(storedLayouts().mobile)).toEqual(['trade-idea', 'bingo', 'trade-details']);
    expect(ids(storedLayouts().desktop)).toEqual(ids(defaultWidgetLayout()));
    expect(localStorage.getItem('removedWidgetPositions')).toBeNull();
  });

  it('Reset layout asks first, restores the default of this breakpoint only, and can be undone', async () => {
    stubFetch(() => ({ status: 500 }));
    const mobile = [{ ...defaultWidgetLayout()[1]!, x: 0, y: 0, w: 4 }];
    localStorage.setItem(
      'completeLayout',
      JSON.stringify({ desktop: defaultWidgetLayout().slice(0, 2), mobile }),
    );
    const { user } = renderApp('/bingo');
    await screen.findByRole('region', { name: 'Bingo Grid' });
    expect(screen.queryByRole('region', { name: 'Trade Details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset layout' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset layout' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Trade Details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset layout' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset layout' }),
    );
    expect(await screen.findByRole('region', { name: 'Trade Details' })).toBeVisible();
    expect(stored()).toEqual(defaultWidgetLayout());
    expect(storedLayouts().mobile).toEqual(mobile);

    await user.click(screen.getByRole('button', { name: /Undo/ }));
    await waitFor(() => expect(ids(stored())).toEqual(['trade-idea', 'bingo']));
    expect(screen.queryByRole('region', { name: 'Trade Details' })).not.toBeInTheDocument();
  });

  it('the widgets menu link ?resetLayout opens the confirmation', async () => {
    stubFetch(() => ({ status: 500 }));
    renderApp('/bingo?resetLayout=1');
    expect(await screen.findByRole('alertdialog', { name: 'Reset layout' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/bingo$/));
  });
});
