// The Dockerfile, carried out without docker: each stage's filesystem is a folder, COPY copies from the build
// context (the project minus .dockerignore) or from an earlier stage, and RUN runs the steps of
// scripts/container-build.sh. Other RUN steps (system packages, the /data folder) need a root filesystem of
// their own: they are returned as skipped, for the test to name. What is left is the final stage's folder, its
// environment, its CMD and its HEALTHCHECK, to be started as the container would start them.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { promisify } from 'node:util';

export interface Image {
  /** The final stage's WORKDIR, as a folder here. */
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  cmd: string[];
  healthcheck: string[] | null;
  stopSignal: string | null;
  volumes: string[];
  /** RUN steps not carried out here. */
  skipped: string[];
}

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions in order, continuation lines joined, comments dropped. */
export function parseDockerfile(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

/** Docker's .dockerignore patterns (Go's filepath.Match, plus **): a path is out if it or a folder above it matches. */
export function ignoredBy(patterns: string[]): (path: string) => boolean {
  const rules = patterns
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('#'))
    .map((p) => {
      const negate = p.startsWith('!');
      const glob = posix.normalize(p.replace(/^!/, '').replace(/^\/+/, ''));
      const source = glob
        .split('**')
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
        )
        .join('.*');
      return { negate, regex: new RegExp(`^${source}(/.*)?$`) };
    });
  return (path) => rules.reduce((out, rule) => (rule.regex.test(path) ? !rule.negate : out), false);
}

function contextFiles(context: string): string[] {
  const ignored = ignoredBy(readFileSync(join(context, '.dockerignore'), 'utf8').split('\n'));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(context, dir))) {
      const path = dir ? `${dir}/${name}` : name;
      if (ignored(path)) continue;
      if (statSync(join(context, path)).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('');
  return files;
}

/** JSON-array form only (exec form): the shell form would need a shell in the image. */
function execForm(args: string): string[] {
  const list = JSON.parse(args) as unknown;
  if (!Array.isArray(list) || !list.every((a) => typeof a === 'string'))
    throw new Error(`not an exec-form array: ${args}`);
  return list as string[];
}

/**
 * Builds the image's last stage into `into`. `onRun` carries out a scripts/container-build.sh step (its
 * command line, and the folder to run it in).
 */
export async function buildWithoutDocker(
  context: string,
  into: string,
  onRun: (command: string, cwd: string) => Promise<void> = runShell,
): Promise<Image> {
  const instructions = parseDockerfile(readFileSync(join(context, 'Dockerfile'), 'utf8'));
  const files = contextFiles(context);
  const stages = new Map<string, string>();
  let root = '';
  let workdir = '/';
  let image: Image | null = null;
  const skipped: string[] = [];
  const here = (path: string) => join(root, posix.resolve(workdir, path));
  for (const { keyword, args } of instructions) {
    switch (keyword) {
      case 'ARG':
        break;
      case 'FROM': {
        const name = /\bAS\s+(\S+)$/i.exec(args)?.[1] ?? String(stages.size);
        root = join(into, `stage-${name}`);
        mkdirSync(root, { recursive: true });
        stages.set(name, root);
        workdir = '/';
        image = {
          workdir: '',
          env: {},
          user: null,
          cmd: [],
          healthcheck: null,
          stopSignal: null,
          volumes: [],
          skipped,
        };
        break;
      }
      case 'WORKDIR':
        workdir = posix.resolve(workdir, args);
        mkdirSync(here('.'), { recursive: true });
        break;
      case 'COPY': {
        const words = args.split(/\s+/);
        const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
        const paths = words.filter((w) => !w.startsWith('--'));
        const dest = paths.pop()!;
        for (const source of paths) {
          if (from) {
            const stage = stages.get(from);
            if (!stage) throw new Error(`COPY --from=${from}: no such stage`);
            const into = dest.endsWith('/') ? join(here(dest), posix.basename(source)) : here(dest);
            mkdirSync(dirname(into), { recursive: true });
            // Docker copies symbolic links as they are (node_modules/.bin).
            cpSync(join(stage, source), into, { recursive: true, verbatimSymlinks: true });
            continue;
          }
          const wanted = posix.normalize(source);
          const chosen = files.filter((f) => wanted === '.' || f === wanted || f.startsWith(`${wanted}/`));
          if (chosen.length === 0) throw new Error(`COPY ${source}: not in the build context`);
          for (const file of chosen) {
            const target =
              wanted === '.' || chosen.length > 1 || dest.endsWith('/')
                ? join(here(dest), wanted === '.' ? file : relative(posix.dirname(wanted), file))
                : here(dest);
            mkdirSync(dirname(target), { recursive: true });
            cpSync(join(context, file), target);
          }
        }
        break;
      }
      case 'RUN':
        if (args.startsWith('scripts/container-build.sh ')) await onRun(args, here('.'));
        else skipped.push(args);
        break;
      case 'ENV':
        for (const [, key, value] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
          image!.env[key!] = value!.replace(/^"|"$/g, '');
        break;
      case 'USER':
        image!.user = args;
        break;
      case 'VOLUME':
        image!.volumes.push(args);
        break;
      case 'STOPSIGNAL':
        image!.stopSignal = args;
        break;
      case 'HEALTHCHECK':
        image!.healthcheck = execForm(args.slice(args.indexOf(' CMD ') + ' CMD '.length));
        break;
      case 'CMD':
        image!.cmd = execForm(args);
        break;
      default:
        throw new Error(
          `Dockerfile instruction ${keyword} is not carried out here: teach test/container/dockerfile.ts`,
        );
    }
  }
  if (!image) throw new Error('no FROM in the Dockerfile');
  return { ...image, workdir: here('.') };
}

/** A RUN step as `sh -c`, failing with its output. */
export async function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await promisify(execFile)('sh', ['-c', command], { cwd, env, maxBuffer: 64 * 2 ** 20 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`RUN ${command} failed:\n${stdout}\n${stderr}`);
  }
}
