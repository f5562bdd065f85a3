/** Opens the database the server would use (DATABASE_URL or SQLITE_FILE, see api/config.ts). */
import { loadConfig, type ServerConfig } from '../api/config.js';
import { openDatabase, type Db } from '../api/db/database.js';
import { CliError } from './errors.js';

export function cliConfig(env: NodeJS.ProcessEnv): ServerConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

/** Runs fn with an open database and always closes it. */
export async function withDatabase<T>(env: NodeJS.ProcessEnv, fn: (db: Db, config: ServerConfig) => Promise<T>): Promise<T> {
  const config = cliConfig(env);
  const db = await openDatabase({ url: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    return await fn(db, config);
  } finally {
    await db.close();
  }
}

/** Where the data lives, for messages (never prints credentials of a database URL). */
export function describeTarget(config: ServerConfig): string {
  if (!config.databaseUrl) return `SQLite ${config.sqliteFile}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? ':' + url.port : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
