import { describe, expect, it } from 'vitest';
import { troubleLog } from '../../../src/app/trouble-log';

describe('a trouble that repeats on a timer, in the log', () => {
  it('is logged when it starts and when it ends, not at each repeat, and again when it comes back', () => {
    const lines: string[] = [];
    const log = troubleLog(
      (error) => lines.push(`started: ${(error as Error).message}`),
      () => lines.push('ended'),
    );
    log.fine();
    for (let n = 1; n <= 5; n++) log.trouble(new Error(`refused ${n}`));
    log.fine();
    log.fine();
    log.trouble(new Error('refused again'));
    expect(lines).toEqual(['started: refused 1', 'ended', 'started: refused again']);
  });
});
