// Injected failures of the REST side, for tests of a bot that must survive them: a 5xx, a 429 with
// Discord's rate limit headers (Rate Limits topic), a request held unanswered, a connection dropped.
// 'before' refuses without doing anything; 'after' does the work and loses the answer, which is the
// case idempotency (nonces) exists for.
import type { RestResult } from './http';
import type { FaultHandle, FaultKind, FaultRule } from './types';

/** Patterns for FaultRule.route: the routes a bot's writes go through. */
export const FaultRoute = {
  messageCreate: 'POST /channels/:channel/messages',
  messageEdit: 'PATCH /channels/:channel/messages/:message',
  messageDelete: 'DELETE /channels/:channel/messages/:message',
  threadCreate: 'POST /channels/:channel/messages/:message/threads',
  interactionCallback: 'POST /interactions/:interaction/:token/callback',
  followUp: 'POST /webhooks/:application/:token',
  webhookMessageEdit: 'PATCH /webhooks/:application/:token/messages/:message',
  appEmojiCreate: 'POST /applications/:app/emojis',
} as const;

const KINDS: readonly FaultKind[] = ['status', 'ratelimit', 'stall', 'drop'];
type HoldOutcome = 'release' | 'abandon';

/** One injected rule and its bookkeeping. */
export class ActiveFault implements FaultHandle {
  private used = 0;
  private retired = false;
  private readonly held = new Set<(outcome: HoldOutcome) => void>();

  constructor(
    readonly rule: FaultRule,
    private readonly times: number,
    private readonly onChange: () => void,
  ) {}

  get hits(): number {
    return this.used;
  }

  get remaining(): number {
    return this.retired ? 0 : this.times - this.used;
  }

  /** Counts a hit when the rule applies to this request. */
  take(method: string, label: string): boolean {
    if (this.remaining <= 0 || !routeMatches(this.rule, method, label)) return false;
    this.used++;
    return true;
  }

  /** Resolves when release() (then the request is answered) or close() (then it is not). */
  hold(): Promise<HoldOutcome> {
    return new Promise((resolve) => this.held.add(resolve));
  }

  release(): void {
    this.retired = true;
    this.settle('release');
  }

  remove(): void {
    this.retired = true;
    this.onChange();
  }

  settle(outcome: HoldOutcome): void {
    const waiting = [...this.held];
    this.held.clear();
    for (const resolve of waiting) resolve(outcome);
    this.onChange();
  }
}

export class FaultInjector {
  private readonly faults: ActiveFault[] = [];

  constructor(private readonly onChange: () => void) {}

  add(rule: FaultRule): FaultHandle {
    const times = rule.times ?? 1;
    if (!(times === Infinity || (Number.isInteger(times) && times >= 1)))
      throw new Error(`fault times must be a whole number ≥ 1 or Infinity, got ${times}`);
    if (!KINDS.includes(rule.kind))
      throw new Error(`fault kind must be one of ${KINDS.join(', ')}, got ${String(rule.kind)}`);
    if (
      rule.kind === 'status' &&
      rule.status !== undefined &&
      !(Number.isInteger(rule.status) && rule.status >= 400 && rule.status <= 599)
    ) {
      throw new Error(`fault status must be 400–599, got ${rule.status}`);
    }
    const fault = new ActiveFault({ ...rule }, times, this.onChange);
    this.faults.push(fault);
    return fault;
  }

  /** The first rule that applies to this request (counting the hit), if any. */
  take(method: string, label: string): ActiveFault | undefined {
    return this.faults.find((fault) => fault.take(method, label));
  }

  /** Retires every rule and answers the requests stalls hold. */
  clear(): void {
    for (const fault of this.faults.splice(0)) fault.release();
  }

  /** On shutdown: held requests are let go without an answer (their sockets are closing anyway). */
  close(): void {
    for (const fault of this.faults.splice(0)) {
      fault.remove();
      fault.settle('abandon');
    }
  }
}

function segments(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** A string route is "[METHOD ]/path/:param/*"; a RegExp is tested against the whole label. */
export function routeMatches(rule: FaultRule, method: string, label: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  if (rule.route instanceof RegExp) {
    rule.route.lastIndex = 0;
    return rule.route.test(label);
  }
  const pattern = rule.route.trim();
  const spaced = /^([A-Za-z]+)\s+(.*)$/.exec(pattern);
  if (spaced && spaced[1]?.toUpperCase() !== method) return false;
  const wanted = segments(spaced ? (spaced[2] ?? '') : pattern);
  const actual = segments(label.slice(label.indexOf(' ') + 1));
  return (
    wanted.length === actual.length &&
    wanted.every((part, i) => part === '*' || part.startsWith(':') || part === actual[i])
  );
}

/** Discord's 429 for a per-route limit: body and headers as in its "Rate Limits" documentation. */
function rateLimited(rule: FaultRule, label: string, now: number): RestResult {
  const seconds = Math.max(rule.retryAfterMs ?? 1000, 0) / 1000;
  const bucket = Buffer.from(label.replace(/\d{5,}/g, ':id'))
    .toString('hex')
    .slice(0, 32);
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: seconds, global: false, code: 0 },
    headers: {
      // Retry-After is whole seconds; the body and the Reset headers keep the fraction.
      'Retry-After': String(Math.ceil(seconds)),
      'X-RateLimit-Limit': '5',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': ((now + seconds * 1000) / 1000).toFixed(3),
      'X-RateLimit-Reset-After': seconds.toFixed(3),
      'X-RateLimit-Bucket': bucket,
      'X-RateLimit-Scope': 'user',
    },
  };
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function faultAnswer(rule: FaultRule, label: string, now: number): RestResult {
  if (rule.kind === 'ratelimit') return rateLimited(rule, label, now);
  const status = rule.status ?? 500;
  return { status, body: rule.body ?? { message: `${status}: ${STATUS_TEXT[status] ?? 'Error'}`, code: 0 } };
}

export interface FaultIo {
  label: string;
  now: () => number;
  /** Carries the request out and returns the real answer. */
  answer: () => Promise<RestResult>;
  send: (result: RestResult) => void;
  /** Destroys the connection without an answer. */
  drop: () => void;
  /** Records the request with the status sent (0: none yet, or none ever). */
  log: (status: number) => void;
}

/** Serves a request a rule applies to. */
export async function serveFaulted(fault: ActiveFault, io: FaultIo): Promise<void> {
  const { rule } = fault;
  const real = rule.apply === 'after' ? await io.answer() : undefined;
  switch (rule.kind) {
    case 'status':
    case 'ratelimit': {
      const result = faultAnswer(rule, io.label, io.now());
      io.log(result.status);
      io.send(result);
      return;
    }
    case 'drop':
      io.log(0);
      io.drop();
      return;
    case 'stall': {
      io.log(0);
      if ((await fault.hold()) === 'abandon') return;
      const result = real ?? (await io.answer());
      io.log(result.status);
      io.send(result);
      return;
    }
  }
}
