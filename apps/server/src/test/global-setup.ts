import { ensurePgliteTemplate, ensurePgTemplate } from './database-templates.js';

/**
 * Vitest global setup of the server tests: the migrated database templates every test file
 * copies (database-templates.ts), made once before any file runs.
 */
export async function setup(): Promise<void> {
  await ensurePgliteTemplate();
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensurePgTemplate(url);
}
