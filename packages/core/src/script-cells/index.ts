export * from './indicators.js';
export * from './rules.js';
export * from './catalogue.js';
export * from './board.js';
