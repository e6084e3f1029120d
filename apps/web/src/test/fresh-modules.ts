import { vi } from 'vitest';

// The web project shares a worker's modules across its files (`isolate: false`), which saves
// starting jsdom and importing React for every file. The app's own modules hold state (stores,
// the session, notifications): they are loaded afresh for every file, as with isolation.
vi.resetModules();
