// `npm test`: vitest, and beside it the static checks (tsc, eslint and prettier, `npm run checks`) at the lowest CPU
// priority. vitest leaves about a tenth of two cores idle (its files wait on bots, clocks and outages), which is
// about what the checks need: run first, they added a minute to the run; beside it, they take the idle
// time and give way to the tests. Their output is printed whole once both are done; either failing fails the run.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `args` of npm; its output goes to ours, or is collected when `collect` is given. */
function npmRun(args, collect) {
  const child = spawn(npm, args, { stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (collect) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => collect.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      collect?.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const tests = npmRun(['exec', '--', 'vitest', 'run', ...process.argv.slice(2)]);
// What this process starts from now on inherits the lowest priority; vitest, started above, keeps the normal one.
try {
  setPriority(19);
} catch {
  // Not allowed here: the checks run at the normal priority, which is only slower.
}
const output = [];
const checks = npmRun(['run', '--silent', 'checks'], output);
const [testsCode, checksCode] = await Promise.all([tests, checks]);
process.stdout.write(`\n── static checks (tsc, eslint, prettier): ${checksCode === 0 ? 'passed' : 'FAILED'} ──\n`);
process.stdout.write(Buffer.concat(output));
process.exitCode = testsCode || checksCode;
