// A throwaway PostgreSQL server for the tests, from Debian's `postgresql` package (.ci/run installs it): its
// own data folder in a temp folder, a free port on 127.0.0.1 only, password (scram) authentication so the
// tests connect with a postgres://USER:PASS@HOST:PORT/DB URL as operators will. initdb refuses root, so as
// root the server runs as the `postgres` user. Never skipped when missing: the tests fail and say what to install.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

export interface PostgresServer {
  /** postgres://olathe:PASSWORD@127.0.0.1:PORT/postgres — the maintenance database, for freshDatabase. */
  url: string;
  password: string;
  port: number;
  /** Stops the server at once, as a crash would (`pg_ctl stop -m immediate`): every connection is cut. */
  crash(): Promise<void>;
  /** Starts it again on the same data folder and port (after `crash`). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT_DIR = '/usr/lib/postgresql';
const USER = 'olathe';
const START_TIMEOUT_S = 30;

/** The newest installed server's bin folder (POSTGRES_BIN overrides), or null. */
export function postgresBin(): string | null {
  if (process.env.POSTGRES_BIN)
    return existsSync(join(process.env.POSTGRES_BIN, 'initdb')) ? process.env.POSTGRES_BIN : null;
  if (!existsSync(ROOT_DIR)) return null;
  const versions = readdirSync(ROOT_DIR)
    .filter((v) => existsSync(join(ROOT_DIR, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(ROOT_DIR, versions[0], 'bin') : null;
}

/** Why PostgreSQL tests cannot run here, or null. */
export function postgresMissing(): string | null {
  return postgresBin()
    ? null
    : `PostgreSQL is not installed (no ${ROOT_DIR}/*/bin/initdb): install Debian's postgresql ` +
        '(apt-get install -y postgresql, as .ci/run does), or set POSTGRES_BIN to a folder holding initdb and pg_ctl';
}

const asRoot = process.getuid?.() === 0;

function command(bin: string, program: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
}

/** Runs a server program as the user that owns the data folder, within a bounded time. */
function run(bin: string, program: string, args: string[], timeoutMs: number): Promise<string> {
  const [file, argv] = command(bin, program, args);
  return new Promise((resolve, reject) => {
    // From a folder every user may enter: the postgres user cannot read a checkout under /root, and initdb
    // and pg_ctl stop when they cannot find the folder they were started in.
    execFile(file, argv, { timeout: timeoutMs, encoding: 'utf8', cwd: tmpdir() }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Stops servers a crashed test file left running, when its worker exits. */
const running = new Set<() => void>();
process.once('exit', () => {
  for (const stop of running) stop();
});

export interface PostgresOptions {
  /** More addresses to listen on besides 127.0.0.1 (they must exist), e.g. a test network's. */
  listenAddresses?: string[];
  /** A network (CIDR) whose clients may log in with the password, besides this machine's loopback. */
  allowFrom?: string;
  /**
   * Write to disk as an operator's server would (the benches): fsync on, a commit not waiting for it
   * (synchronous_commit off), as SQLite's WAL with synchronous=NORMAL, the bot's setting.
   */
  durable?: boolean;
  /**
   * Commits that survive the server's crash (`crash()`): synchronous_commit stays on. Off by default, for speed:
   * with it off, a commit acknowledged in the last fraction of a second before an immediate stop is lost.
   */
  durableCommits?: boolean;
  /** More server settings (`-c name=value`), e.g. to stop on a crashed process instead of restarting. */
  settings?: Record<string, string | number>;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const bin = postgresBin()!;
  const dir = mkdtempSync(join(tmpdir(), 'olathe-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const password = `pw-${randomBytes(12).toString('hex')}`;
  writeFileSync(join(dir, 'password'), password);
  if (asRoot) {
    execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  let startServer: () => Promise<void> = () => Promise.resolve();
  const stopNow = (): void => {
    try {
      execFileSync(...command(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '10', 'stop']), {
        stdio: 'ignore',
        cwd: tmpdir(),
      });
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await run(
      bin,
      'initdb',
      ['-D', data, '-U', USER, `--pwfile=${join(dir, 'password')}`, '--auth=scram-sha-256', '-E', 'UTF8'].concat([
        '--no-locale',
        '--no-sync',
        '--no-instructions',
      ]),
      60_000,
    );
    if (options.allowFrom)
      appendFileSync(join(data, 'pg_hba.conf'), `host all all ${options.allowFrom} scram-sha-256\n`);
    const listen = ['127.0.0.1', ...(options.listenAddresses ?? [])].join(',');
    // Durability off for tests: a test database is thrown away, and fsync would dominate the tests' time.
    const durability = options.durable ? '' : ' -c fsync=off -c full_page_writes=off';
    const commits = `synchronous_commit=${options.durableCommits ? 'on' : 'off'}`;
    const more = Object.entries(options.settings ?? {})
      .map(([name, value]) => ` -c ${name}=${value}`)
      .join('');
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=${listen} -c ${commits}${durability}${more}`;
    startServer = async () => {
      await run(
        bin,
        'pg_ctl',
        ['-D', data, '-l', log, '-o', serverOptions, '-w', '-t', String(START_TIMEOUT_S), 'start'],
        (START_TIMEOUT_S + 5) * 1000,
      );
    };
    await startServer();
  } catch (error) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '';
    stopNow();
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${tail}`);
  }
  running.add(stopNow);
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`,
    password,
    port,
    crash: async () => {
      await run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '10', 'stop'], 15_000);
    },
    start: () => startServer(),
    stop: async () => {
      running.delete(stopNow);
      await run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '20', 'stop'], 30_000).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let databases = 0;

/**
 * A new database on the server at `server` (a URL, or a test file's own server), as a URL with the same user and
 * password: empty, or a copy of `template`.
 */
export async function freshDatabase(server: PostgresServer | string, template?: string): Promise<string> {
  const serverUrl = typeof server === 'string' ? server : server.url;
  const name = `test_${process.pid}_${++databases}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
