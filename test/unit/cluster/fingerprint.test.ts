// The cluster row keeps a fingerprint of the daily secret so hosts can compare secrets without storing one.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretFingerprint } from '../../../src/cluster/cluster-row';

describe('secretFingerprint', () => {
  it('is the same for the same secret on every host, and different for another', () => {
    const secret = 'a-daily-secret-of-32-characters!';
    expect(secretFingerprint(secret)).toBe(secretFingerprint(`${secret}`));
    expect(secretFingerprint(secret)).not.toBe(secretFingerprint(`${secret}x`));
    expect(secretFingerprint(secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is keyed: neither the secret nor its plain hash', () => {
    const secret = 'a-daily-secret-of-32-characters!';
    const fingerprint = secretFingerprint(secret);
    expect(fingerprint).not.toContain(secret);
    expect(fingerprint).not.toBe(createHash('sha256').update(secret).digest('hex'));
  });
});
