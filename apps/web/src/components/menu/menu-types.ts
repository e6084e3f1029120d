import type { ReactNode } from 'react';

export type MenuItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'action'; label: string; onSelect: () => void; tone?: 'danger' }
  | { kind: 'separator'; id: string };

export interface MenuButtonProps {
  /** Content of the trigger button; its text is the button's accessible name. */
  label: ReactNode;
  triggerClassName: string;
  items: readonly MenuItem[];
  align?: 'start' | 'end';
}
