// The one form of a tournament's start a host types, read in the time zone they give (summer time included),
// and the plain refusals of anything else.
import { describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../src/discord/context';
import { parseStart } from '../../../src/discord/subcommands/tournament-time';

const refusalOf = (starts: string, zone?: string): string | undefined => {
  try {
    parseStart(starts, zone);
  } catch (error) {
    expect(error).toBeInstanceOf(UserFacingError);
    return (error as UserFacingError).key;
  }
  return undefined;
};

describe('a tournament start time', () => {
  it('reads YYYY-MM-DD HH:MM in UTC, an offset, or a zone name with its summer time', () => {
    expect(parseStart('2026-12-05 19:30', undefined)).toBe(Date.UTC(2026, 11, 5, 19, 30));
    expect(parseStart(' 2026-12-05 19:30 ', 'UTC')).toBe(Date.UTC(2026, 11, 5, 19, 30));
    expect(parseStart('2026-12-05 19:30', '+01:00')).toBe(Date.UTC(2026, 11, 5, 18, 30));
    expect(parseStart('2026-12-05 19:30', '-05:30')).toBe(Date.UTC(2026, 11, 6, 1, 0));
    expect(parseStart('2026-12-05 19:30', 'UTC+2')).toBe(Date.UTC(2026, 11, 5, 17, 30));
    expect(parseStart('2026-12-05 19:30', '\u221205:30')).toBe(Date.UTC(2026, 11, 6, 1, 0));
    expect(parseStart('2026-12-05 19:30', 'Europe/Copenhagen')).toBe(Date.UTC(2026, 11, 5, 18, 30));
    expect(parseStart('2026-07-01 19:30', 'Europe/Copenhagen')).toBe(Date.UTC(2026, 6, 1, 17, 30));
    expect(parseStart('2026-07-01 09:05', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 13, 5));
  });

  it('refuses any other form, a date that does not exist, and an unknown zone', () => {
    for (const starts of ['5/12 19:30', '2026-12-05', '19:30', 'in 2h', '2026-02-30 10:00', '2026-12-05 24:10', ''])
      expect(refusalOf(starts), starts).toBe('tournament.refusal.badStart');
    for (const zone of ['Mars/Olympus', '+15:00', '+01:75', 'CET?', 'UTC15', 'A5', '05:00'])
      expect(refusalOf('2026-12-05 19:30', zone), zone).toBe('tournament.refusal.badTimezone');
  });
});
