export * from './users.js';
export * from './sessions.js';
export * from './trading.js';
export * from './accounts.js';
export * from './paper.js';
export * from './app-secrets.js';
export * from './contact.js';
export * from './payments.js';
