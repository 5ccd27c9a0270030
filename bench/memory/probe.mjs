// Loaded with --import into each process memory.bench.ts measures (node --expose-gc): on SIGUSR2 it answers in
// the file named by OLATHE_MEMORY_PROBE with process.memoryUsage() — after a full garbage collection when the
// bench wrote "gc" in the file, so that heapUsed is the live heap.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.OLATHE_MEMORY_PROBE;
if (file) {
  process.on('SIGUSR2', () => {
    if (readFileSync(file, 'utf8').trim() === 'gc') globalThis.gc?.();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
