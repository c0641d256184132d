/**
 * History and crash recovery for the file store, under the data folder:
 *   history/<tenantId>/snapshots/<version>.json   the three texts of each version (content-addressed)
 *   history/<tenantId>/log.jsonl                  one line per accepted write
 *   journal/<tenantId>.json                       a write in progress (completed on the next open)
 */
import { appendFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { moveFolder, writeFileAtomic } from '../../schema/node/atomic-write';
import type { TenantTexts } from './tenant-documents';
import type { HistoryEntry } from './tenant-store';

export interface Journal {
  tenantId: string;
  version: string;
  entry: HistoryEntry;
  /** Only the parts the write changes. */
  texts: Partial<TenantTexts>;
}

export class FileHistory {
  constructor(private readonly dataDir: string) {}

  private tenantDir(tenantId: string) {
    return path.join(this.dataDir, 'history', tenantId);
  }

  private snapshotFile(tenantId: string, version: string) {
    return path.join(this.tenantDir(tenantId), 'snapshots', `${version}.json`);
  }

  private journalFile(tenantId: string) {
    return path.join(this.dataDir, 'journal', `${tenantId}.json`);
  }

  /** Moves a tenant's history (log and snapshots) into `target`, when it has one. */
  async moveTo(tenantId: string, target: string): Promise<void> {
    const dir = this.tenantDir(tenantId);
    if (
      await stat(dir).then(
        () => true,
        () => false,
      )
    )
      await moveFolder(dir, target);
  }

  /** Every folder this history writes into (for the sweep of temporary files at open). */
  async folders(): Promise<string[]> {
    const historyRoot = path.join(this.dataDir, 'history');
    const tenants = await readdir(historyRoot).catch(() => [] as string[]);
    return [
      path.join(this.dataDir, 'journal'),
      ...tenants.flatMap((id) => [path.join(historyRoot, id), path.join(historyRoot, id, 'snapshots')]),
    ];
  }

  async saveSnapshot(tenantId: string, version: string, texts: TenantTexts): Promise<void> {
    const file = this.snapshotFile(tenantId, version);
    if (
      await stat(file).then(
        () => true,
        () => false,
      )
    )
      return;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, JSON.stringify(texts));
  }

  async snapshot(tenantId: string, version: string): Promise<TenantTexts | undefined> {
    const text = await readFile(this.snapshotFile(tenantId, version), 'utf8').catch(() => undefined);
    return text === undefined ? undefined : (JSON.parse(text) as TenantTexts);
  }

  async append(tenantId: string, entry: HistoryEntry): Promise<void> {
    await mkdir(this.tenantDir(tenantId), { recursive: true });
    await appendFile(path.join(this.tenantDir(tenantId), 'log.jsonl'), `${JSON.stringify(entry)}\n`);
  }

  /** Newest first. A line cut short by a crash is skipped. */
  async entries(tenantId: string): Promise<HistoryEntry[]> {
    const text = await readFile(path.join(this.tenantDir(tenantId), 'log.jsonl'), 'utf8').catch(() => '');
    const entries: HistoryEntry[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        entries.push(JSON.parse(line) as HistoryEntry);
      } catch {
        // the torn last line of a write that crashed; its journal completes it
      }
    }
    return entries.reverse();
  }

  async writeJournal(journal: Journal): Promise<void> {
    await mkdir(path.dirname(this.journalFile(journal.tenantId)), { recursive: true });
    await writeFileAtomic(this.journalFile(journal.tenantId), JSON.stringify(journal));
  }

  async clearJournal(tenantId: string): Promise<void> {
    await rm(this.journalFile(tenantId), { force: true });
  }

  /** Writes interrupted by a crash, to complete before serving. */
  async pendingJournals(): Promise<Journal[]> {
    const dir = path.join(this.dataDir, 'journal');
    const names = await readdir(dir).catch(() => [] as string[]);
    const journals: Journal[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        journals.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Journal);
      } catch {
        // A journal is written atomically, so an unreadable one was never complete: the write never began.
        await rm(path.join(dir, name), { force: true });
      }
    }
    return journals;
  }
}
