import { config } from 'zod';

// Zod compiles object parsers with `new Function` where eval is allowed, and probes for it the
// first time a schema needs to know. The app's CSP forbids eval, so the probe was refused on
// every load (a CSP violation in the console): no probe, the parsers it would use anyway. This
// module is main.tsx's first import, so it runs before any module that builds or parses a
// schema (imports run in order; a `zodConfig` call in main.tsx's body would run after them).
config({ jitless: true });
