// One shard process of `npm run bench -- shards`: plays the games of its own guilds on the shared database
// until told to stop, then reports. Arguments: database (a SQLite file, or a postgres:// URL) shard count
// guilds seconds.
import { openPostgresStorage } from '../../src/db/postgres/storage';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import { seededRng } from '../../src/game';
import { GameService } from '../../src/service/game-service';
import type { GameView } from '../../src/service/game-service';
import type { WriterReport } from './shards.bench';
import { Latencies, click, newTable } from '../support/service-player';

/** An action slower than this waited for another process's write lock (one alone takes ~0.1–0.3 ms). */
const SLOW_MS = 2;

const [file, shardArg, countArg, guildsArg, secondsArg] = process.argv.slice(2);
const shard = Number(shardArg);
const count = Number(countArg);
const guilds = Number(guildsArg);
const seconds = Number(secondsArg);

/** A guild id on this shard by Discord's formula, (id >> 22) % count. */
const guildId = (k: number) => String(((BigInt(k) * BigInt(count) + BigInt(shard) + 1_000_000n) << 22n) | 7n);

const slice = { id: shard, count };
const storage = /^postgres(ql)?:\/\//.test(file!)
  ? await openPostgresStorage(file!, { shard: slice })
  : openSqliteStorage(file!, { shard: slice });
const service = new GameService(storage);
const pick = seededRng(`shard ${shard}`);
const setup = new Latencies();
const tables: GameView[] = [];
for (let k = 0; k < guilds; k++)
  tables.push(await newTable(service, pick, guildId(k), setup, `shard-${shard}-channel-${k}`));

process.send!({ type: 'ready' });
process.once('message', () => void writeUntilTold());

async function writeUntilTold(): Promise<void> {
  const time = new Latencies();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const until = start + seconds * 1000;
  let slow = 0;
  let max = 0;
  for (let i = 0; performance.now() < until; i++) {
    const slot = i % guilds;
    const t0 = performance.now();
    const view = tables[slot]!;
    tables[slot] =
      view.status === 'playing'
        ? await time.timed(() => click(service, view, pick))
        : await newTable(service, pick, guildId(slot), time, `shard-${shard}-channel-${slot}`);
    const ms = performance.now() - t0;
    if (ms > SLOW_MS) slow++;
    if (ms > max) max = ms;
  }
  const used = process.cpuUsage(cpu);
  const report: WriterReport = {
    shard,
    actions: time.count,
    seconds: (performance.now() - start) / 1000,
    p50: time.percentileMs(50),
    p99: time.percentileMs(99),
    max,
    slow,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
  await storage.close();
  process.send!({ type: 'report', report }, () => process.exit(0));
}
