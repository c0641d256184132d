/**
 * Writes that never leave a half-written file or folder: write a temporary sibling, flush it
 * to disk, then rename it over the target (rename is atomic within a file system).
 */
import { randomBytes } from 'node:crypto';
import { cp, lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

function temporarySibling(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
}

/** The name temporarySibling gives: only these are ever removed by the sweep below. */
const TEMPORARY_NAME = /^\..+\.\d+\.[0-9a-f]{8}\.tmp$/;

/**
 * A write that died mid-way (kill -9, power loss) leaves its temporary file or folder behind.
 * Removes those in `dir` that are older than `olderThanMs`: only names this module makes, and
 * only old ones, since another process (the CLI beside the server) may be writing right now.
 * Returns the names removed.
 */
export async function removeStaleTemporaries(dir: string, olderThanMs = 60_000, now = Date.now()): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!TEMPORARY_NAME.test(name)) continue;
    const file = path.join(dir, name);
    const stats = await lstat(file).catch(() => undefined);
    if (!stats || now - stats.mtimeMs < olderThanMs) continue;
    await rm(file, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

async function writeAndFlush(file: string, content: string | Uint8Array): Promise<void> {
  const handle = await open(file, 'wx', 0o644);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entry list, so a rename into it survives a crash (best effort: not every platform allows it). */
async function flushDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic.
  }
}

/** Replaces (or creates) one file atomically: text (UTF-8) or bytes. */
export async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  const temporary = temporarySibling(file);
  try {
    await writeAndFlush(temporary, content);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await flushDirectory(path.dirname(file));
}

export class AlreadyExistsError extends Error {
  constructor(readonly target: string) {
    super(`${target} already exists`);
  }
}

/**
 * Creates a new folder holding `files` (name → text) all at once: they are written into a
 * hidden temporary folder beside it, which is renamed into place only when every file is on
 * disk. Aborting (the signal) or failing at any step removes the temporary folder; an existing
 * target is never touched.
 */
export async function createFolderAtomic(
  target: string,
  files: Readonly<Record<string, string>>,
  options: { signal?: AbortSignal; onFileWritten?: (name: string) => void } = {},
): Promise<void> {
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  const temporary = temporarySibling(target);
  await mkdir(temporary);
  try {
    for (const [name, text] of Object.entries(files)) {
      options.signal?.throwIfAborted();
      await writeAndFlush(path.join(temporary, name), text);
      options.onFileWritten?.(name);
    }
    options.signal?.throwIfAborted();
    await flushDirectory(temporary);
    try {
      // rename(2) onto an existing non-empty folder fails, so a tenant created meanwhile is never replaced.
      await rename(temporary, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTDIR')
        throw new AlreadyExistsError(target);
      throw error;
    }
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  await flushDirectory(parent);
}

/** Moves a folder: one atomic rename on the same file system, else a copy then a removal (EXDEV). */
export async function moveFolder(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}
