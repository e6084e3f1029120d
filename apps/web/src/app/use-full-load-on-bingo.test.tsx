import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentNavigation, useFullLoadOnBingo } from './use-full-load-on-bingo';

const handle: { navigate?: NavigateFunction } = {};
function Probe() {
  useFullLoadOnBingo();
  const navigate = useNavigate();
  useEffect(() => {
    handle.navigate = navigate;
  }, [navigate]);
  return null;
}
const navigate = (to: string) => void handle.navigate?.(to);

describe('useFullLoadOnBingo', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads the document again when the app moves to /bingo from another route', () => {
    const load = vi.spyOn(documentNavigation, 'load').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/leaderboard']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(load).not.toHaveBeenCalled();
    act(() => navigate('/bingo?addWidget=chart'));
    expect(load).toHaveBeenCalledWith('/bingo?addWidget=chart');
  });

  it('does nothing on a first load of /bingo or within /bingo', () => {
    const load = vi.spyOn(documentNavigation, 'load').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/bingo']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => navigate('/bingo?removeWidget=chart'));
    expect(load).not.toHaveBeenCalled();
  });
});
