import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetNotifications } from '@/components/notifications';
import { closeAuthDialog } from '@/features/auth';

// Lazily loaded dialogs and pages are transformed on first use, which can take a second or two.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks a few layout APIs Radix uses for menus and focus handling.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  closeAuthDialog();
  resetNotifications();
  localStorage.clear();
  document.body.className = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
