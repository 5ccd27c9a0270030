// `node dist/healthcheck.js`: the container's HEALTHCHECK. It asks the running bot's GET /healthz (on
// METRICS_PORT) and exits 0 for 200, 1 for anything else, printing the one-line reason Docker keeps in
// `docker inspect`. A separate small program, so the check needs no shell, curl or wget in the image.

/** Docker gives the check its own timeout; this one makes a hung bot a failed check with a reason. */
const TIMEOUT_MS = 4000;
/** Addresses a server listens on for every interface: the check reaches them on loopback. */
const ANY_HOST = new Set(['0.0.0.0', '::', '[::]']);

function healthUrl(env: NodeJS.ProcessEnv): string {
  const port = env.METRICS_PORT?.trim();
  if (!port || !/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    throw new Error(`METRICS_PORT must be set to the bot's metrics port for the health check (now "${port ?? ''}").`);
  const host = env.METRICS_HOST?.trim();
  const where = !host || ANY_HOST.has(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${where}:${port}/healthz`;
}

async function main(): Promise<void> {
  const url = healthUrl(process.env);
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = (await response.text()).trim().split('\n')[0] ?? '';
  console.log(`${response.status} ${body}`.trim());
  if (response.status !== 200) process.exitCode = 1;
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  console.log(`unhealthy: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exitCode = 1;
});
