export * from './api';
export * from './exchange-state';
