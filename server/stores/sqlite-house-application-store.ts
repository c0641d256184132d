/** House applications in SQLite (better-sqlite3, the embedded default): one row per application, its document as JSON. */
import type Database from 'better-sqlite3';
import type { HouseApplication } from '../../schema/types.generated';
import {
  checkedHouseApplication,
  UnknownHouseApplicationError,
  type HouseApplicationStore,
} from './house-application-store';
import { openSqliteFile } from './sqlite-file';

export class SqliteHouseApplicationStore implements HouseApplicationStore {
  private readonly database: Database.Database;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS house_applications (id TEXT PRIMARY KEY, state TEXT NOT NULL, created_at TEXT NOT NULL, document TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS house_applications_by_state ON house_applications (state, created_at);`,
    );
  }

  private read(id: string): HouseApplication | undefined {
    const row = this.database.prepare('SELECT document FROM house_applications WHERE id = ?').get(id) as
      { document: string } | undefined;
    return row && (JSON.parse(row.document) as HouseApplication);
  }

  async create(application: HouseApplication): Promise<HouseApplication> {
    this.database
      .prepare('INSERT INTO house_applications (id, state, created_at, document) VALUES (?, ?, ?, ?)')
      .run(
        application.id,
        application.state,
        application.createdAt,
        JSON.stringify(checkedHouseApplication(application)),
      );
    return application;
  }

  async get(id: string): Promise<HouseApplication | undefined> {
    return this.read(id);
  }

  async list(state?: HouseApplication['state']): Promise<HouseApplication[]> {
    const rows = (
      state
        ? this.database
            .prepare('SELECT document FROM house_applications WHERE state = ? ORDER BY created_at DESC, id LIMIT 500')
            .all(state)
        : this.database.prepare('SELECT document FROM house_applications ORDER BY created_at DESC, id LIMIT 500').all()
    ) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as HouseApplication);
  }

  async update(id: string, change: (current: HouseApplication) => HouseApplication): Promise<HouseApplication> {
    return this.database
      .transaction(() => {
        const current = this.read(id);
        if (!current) throw new UnknownHouseApplicationError(id);
        const next = checkedHouseApplication({ ...change(current), id });
        this.database
          .prepare('UPDATE house_applications SET state = ?, document = ? WHERE id = ?')
          .run(next.state, JSON.stringify(next), id);
        return next;
      })
      .immediate();
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
