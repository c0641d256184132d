/** A store's SQLite file, opened the way every SQLite adapter here needs it: WAL (readers go on during a write), a wait for a busy file from another process, its tables made if new. */
import Database from 'better-sqlite3';

export function openSqliteFile(file: string, tables: string): Database.Database {
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.exec(tables);
  return database;
}
