export { MenuButton } from './menu-button';
export type { MenuButtonProps, MenuItem } from './menu-types';
