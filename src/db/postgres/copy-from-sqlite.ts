// `npm run db:copy`: the bot's SQLite database (../sqlite/copy-source.ts) copied into an empty PostgreSQL database, for an
// operator moving past one host. Everything happens in one PostgreSQL transaction — the schema (the same
// migrations the bot applies at start), every row, the check of every table's count, and the identities set
// past the copied ids — so a copy that fails leaves the target as empty as it was, and a second run is refused.
// The PostgreSQL schema keeps SQLite's names and values (migrations/postgres/0001_init.sql): flags stay 0/1
// and JSON stays text, so a value changes only in how it is sent, checked against the column's type.
// No message names the password (./postgres/connection.ts).
import type pg from 'pg';
import { DatabaseStartupError, oneLine } from '../errors';
import type { Source, SourceTable } from '../sqlite/copy-source';
import { CopyError, countRows, highestId, openSource, readRows } from '../sqlite/copy-source';
import { connectClient, redactedUrl, withoutPassword } from './connection';
import { applyOne, loadPostgresMigrations, MIGRATION_LOCK } from './migrate';

export { CopyError } from '../sqlite/copy-source';

export interface TableCopied {
  table: string;
  rows: number;
}

export interface IdContinued {
  table: string;
  column: string;
  /** The id PostgreSQL hands out next. */
  next: bigint;
}

export interface CopyOutcome {
  source: string;
  /** The target's URL without its password. */
  target: string;
  schemaVersion: number;
  tables: TableCopied[];
  ids: IdContinued[];
  ms: number;
}

export interface TargetColumn {
  name: string;
  type: string;
  /** An identity (or serial) column: its sequence must go on past the copied ids. */
  generated: boolean;
}

/** Rows per INSERT: a few hundred rows make a statement; PostgreSQL takes at most 65,535 parameters in one. */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 65_535;

export async function copyToPostgres(databasePath: string, url: string): Promise<CopyOutcome> {
  const started = performance.now();
  const target = redactedUrl(url);
  try {
    const source = openSource(databasePath);
    try {
      const client = await connectClient(url);
      try {
        // Refused before the transaction too, so a target in use is not waited for.
        await refuseUnlessEmpty(client, target);
        const { tables, ids } = await copyInOneTransaction(client, source, target);
        return {
          source: source.path,
          target,
          schemaVersion: source.schemaVersion,
          tables,
          ids,
          ms: performance.now() - started,
        };
      } finally {
        await client.end().catch(() => {});
      }
    } finally {
      source.close();
    }
  } catch (error) {
    if (error instanceof CopyError || error instanceof DatabaseStartupError)
      throw new CopyError(withoutPassword(error.message, url));
    throw new CopyError(withoutPassword(`Copying to PostgreSQL at ${target} failed: ${oneLine(error)}`, url));
  }
}

async function copyInOneTransaction(
  client: pg.Client,
  source: Source,
  target: string,
): Promise<{ tables: TableCopied[]; ids: IdContinued[] }> {
  await client.query('BEGIN');
  try {
    // The lock the bot's own migrations take: a bot starting on this database waits, then finds it filled.
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...MIGRATION_LOCK]);
    await refuseUnlessEmpty(client, target);
    const migrations = loadPostgresMigrations();
    if (migrations.length !== source.schemaVersion)
      throw new CopyError(
        `This build's PostgreSQL schema is at version ${migrations.length} and SQLite's at ${source.schemaVersion}: they must be the same.`,
      );
    const now = Date.now();
    for (const migration of migrations) await applyOne(client, migration, now);
    const columns = await targetColumns(client);
    // Every table's columns checked before the first row is sent.
    for (const table of source.tables) columnsFor(table, columns);
    const copied: TableCopied[] = [];
    for (const table of source.tables) copied.push(await copyTable(client, source, table, columnsFor(table, columns)));
    await checkCounts(client, source, copied);
    const ids = await continueIds(client, source, columns);
    await client.query('COMMIT');
    return { tables: copied, ids };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Refuses a database that holds any table of its own: the copy fills an empty database only. */
async function refuseUnlessEmpty(client: pg.Client, target: string): Promise<void> {
  const found = await client.query<{ name: string }>(
    `SELECT CASE WHEN n.nspname = current_schema() THEN c.relname ELSE n.nspname || '.' || c.relname END AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
     ORDER BY 1`,
  );
  if (found.rows.length === 0) return;
  const names = found.rows.map((r) => r.name);
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  throw new CopyError(
    `The PostgreSQL database at ${target} already holds tables (${shown}): db:copy copies into an empty database only. Create a new database and name that one. Nothing was copied.`,
  );
}

async function targetColumns(client: pg.Client): Promise<Map<string, TargetColumn[]>> {
  const found = await client.query<{ table_name: string; column_name: string; data_type: string; generated: boolean }>(
    `SELECT table_name, column_name, data_type,
       (is_identity = 'YES' OR COALESCE(column_default, '') LIKE 'nextval(%') AS generated
     FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, TargetColumn[]>();
  for (const row of found.rows) {
    const list = tables.get(row.table_name) ?? [];
    list.push({ name: row.column_name, type: row.data_type, generated: row.generated });
    tables.set(row.table_name, list);
  }
  return tables;
}

/** The target's columns for each of the table's, in the same order; refused when the two schemas differ. */
function columnsFor(table: SourceTable, target: Map<string, TargetColumn[]>): TargetColumn[] {
  const columns = target.get(table.name);
  if (!columns) throw new CopyError(`PostgreSQL's schema has no table ${table.name}, which SQLite's has.`);
  const names = table.columns.map((c) => c.name);
  const differ = columns.filter((c) => !names.includes(c.name)).map((c) => c.name);
  const matched = names.map((name) => columns.find((c) => c.name === name));
  if (differ.length > 0 || matched.some((c) => c === undefined))
    throw new CopyError(
      `The table ${table.name} has other columns in PostgreSQL's schema (${columns.map((c) => c.name).join(', ')}) than in SQLite's (${names.join(', ')}).`,
    );
  return matched as TargetColumn[];
}

const INTEGER_RANGES: Record<string, readonly [bigint, bigint]> = {
  smallint: [-(2n ** 15n), 2n ** 15n - 1n],
  integer: [-(2n ** 31n), 2n ** 31n - 1n],
  bigint: [-(2n ** 63n), 2n ** 63n - 1n],
};

const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'json', 'jsonb']);

/** A SQLite value (integers as BigInt) as PostgreSQL's column of `column.type` takes it. */
export function convertValue(value: unknown, column: TargetColumn, table: string): unknown {
  if (value === null || value === undefined) return null;
  const refuse = (): never => {
    const shown = Buffer.isBuffer(value) ? `${value.length} bytes` : JSON.stringify(String(value)).slice(0, 40);
    throw new CopyError(
      `${table}.${column.name} holds ${shown}, which PostgreSQL's ${column.type} column cannot take.`,
    );
  };
  const range = INTEGER_RANGES[column.type];
  if (range) {
    const n =
      typeof value === 'bigint' ? value : typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : null;
    if (n === null || n < range[0] || n > range[1]) return refuse();
    // As text: pg sends it exactly, where a JavaScript number would lose digits past 2^53.
    return n.toString();
  }
  if (column.type === 'boolean') {
    if (value === 0n || value === 1n) return value === 1n;
    return refuse();
  }
  if (column.type === 'bytea') return Buffer.isBuffer(value) ? value : refuse();
  if (TEXT_TYPES.has(column.type)) {
    // SQLite's text may hold the NUL character; PostgreSQL's never does.
    if (typeof value === 'string') return value.includes('\u0000') ? refuse() : value;
    return Buffer.isBuffer(value) ? refuse() : String(value);
  }
  return typeof value === 'bigint' ? value.toString() : value;
}

async function insertRows(client: pg.Client, sql: string, width: number, rows: unknown[][]): Promise<void> {
  const values = rows.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`);
  await client.query(`${sql} ${values.join(', ')}`, rows.flat());
}

async function copyTable(
  client: pg.Client,
  source: Source,
  table: SourceTable,
  columns: TargetColumn[],
): Promise<TableCopied> {
  const names = columns.map((c) => quoted(c.name)).join(', ');
  const overriding = columns.some((c) => c.generated) ? ' OVERRIDING SYSTEM VALUE' : '';
  const insert = `INSERT INTO ${quoted(table.name)} (${names})${overriding} VALUES`;
  const perStatement = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  const keys = table.columns.flatMap((c, i) => (c.primaryKey ? [i] : []));
  // A row may refer to a row of its own table that comes later: such columns are filled in after the rows.
  const deferred = keys.length > 0 ? table.selfReferences.map((name) => columns.findIndex((c) => c.name === name)) : [];
  const later: unknown[][] = [];
  let batch: unknown[][] = [];
  let rows = 0;
  try {
    for (const row of readRows(source.db, table)) {
      const values = row.map((value, i) => convertValue(value, columns[i]!, table.name));
      if (deferred.some((i) => values[i] !== null)) {
        later.push([...values]);
        for (const i of deferred) values[i] = null;
      }
      batch.push(values);
      if (batch.length === perStatement) {
        await insertRows(client, insert, columns.length, batch);
        rows += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) await insertRows(client, insert, columns.length, batch);
    rows += batch.length;
    for (const values of later) {
      const set = deferred.map((i, n) => `${quoted(columns[i]!.name)} = $${n + 1}`).join(', ');
      const where = keys.map((i, n) => `${quoted(columns[i]!.name)} = $${deferred.length + n + 1}`).join(' AND ');
      await client.query(`UPDATE ${quoted(table.name)} SET ${set} WHERE ${where}`, [
        ...deferred.map((i) => values[i]),
        ...keys.map((i) => values[i]),
      ]);
    }
  } catch (error) {
    if (error instanceof CopyError) throw error;
    throw new CopyError(`Copying the table ${table.name} failed: ${oneLine(error)}. Nothing was copied.`);
  }
  return { table: table.name, rows };
}

/** Each table holds in PostgreSQL, before the commit, exactly as many rows as in SQLite. */
async function checkCounts(client: pg.Client, source: Source, copied: readonly TableCopied[]): Promise<void> {
  for (const { table, rows } of copied) {
    const there = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${quoted(table)}`);
    const expected = countRows(source.db, table);
    const found = Number(there.rows[0]!.n);
    if (found !== expected || rows !== expected)
      throw new CopyError(
        `The table ${table} has ${expected} rows in SQLite but ${found} in PostgreSQL after the copy. Nothing was copied.`,
      );
  }
}

/** Moves every identity past the ids SQLite handed out, so a new game never takes a copied game's id. */
async function continueIds(
  client: pg.Client,
  source: Source,
  columns: Map<string, TargetColumn[]>,
): Promise<IdContinued[]> {
  const ids: IdContinued[] = [];
  for (const table of source.tables) {
    for (const column of columns.get(table.name)!.filter((c) => c.generated)) {
      const highest = highestId(source.db, table.name, column.name);
      const called = highest > 0n;
      await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)', [
        quoted(table.name),
        column.name,
        called ? highest.toString() : '1',
        called,
      ]);
      ids.push({ table: table.name, column: column.name, next: called ? highest + 1n : 1n });
    }
  }
  return ids;
}
