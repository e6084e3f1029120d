import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** What a file or folder of the data folder may allow: its owner only. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * The data folder holds the database (password hashes, sealed API secrets), the app secret and
 * the mail outbox: only the server's user may read it (issue 29). The server starts with umask
 * 077, so what it creates is its own; this fixes what an older version or another tool left
 * readable: every folder 0700, every file 0600 (symbolic links are left alone). Answers how
 * many it changed. Asynchronous, a folder at a time: a large PGlite folder never holds the
 * event loop.
 */
export async function secureDataDir(dataDir: string): Promise<number> {
  await mkdir(dataDir, { recursive: true, mode: FOLDER_MODE });
  return secure(dataDir);
}

/** A file the database removed while the walk reached it (PGlite's pg_internal.init at start). */
const vanished = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

async function secure(path: string): Promise<number> {
  try {
    return await secureEntry(path);
  } catch (err) {
    if (vanished(err)) return 0;
    throw err;
  }
}

async function secureEntry(path: string): Promise<number> {
  const stat = await lstat(path);
  if (stat.isSymbolicLink()) return 0;
  const mode = stat.isDirectory() ? FOLDER_MODE : FILE_MODE;
  let fixed = 0;
  if ((stat.mode & 0o777) !== mode) {
    await chmod(path, mode);
    fixed += 1;
  }
  if (!stat.isDirectory()) return fixed;
  for (const entry of await readdir(path)) fixed += await secure(join(path, entry));
  return fixed;
}
