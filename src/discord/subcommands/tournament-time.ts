// The start time a host types: one form, `YYYY-MM-DD HH:MM` on a 24-hour clock, read in the `timezone` they give:
// an IANA name (Europe/Copenhagen, summer time included) or an offset from UTC (+01:00, -05:30, +2); UTC when
// none is given. Anything else is refused with a sentence showing the form. Pure: no clock is read here.
import { UserFacingError } from '../context';

const START = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})$/;
// The sign: plus, hyphen-minus, or the minus sign U+2212 (written as an escape: the bundle stays ASCII).
const OFFSET = /^(?:UTC|GMT)?\s*([+\-\u2212])(\d{1,2})(?::?(\d{2}))?$/i;

/** The moment (ms since the epoch) a host's `starts` names in `timezone`, or a UserFacingError saying the form. */
export function parseStart(starts: string, timezone: string | undefined): number {
  const match = START.exec(starts.trim());
  if (!match) throw UserFacingError.of('tournament.refusal.badStart');
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(wall);
  // Date.UTC rolls 2026-02-30 over into March: a date that does not exist is refused, not moved.
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59)
    throw UserFacingError.of('tournament.refusal.badStart');
  return wall - offsetMs(timezone?.trim() || 'UTC', wall);
}

/** How far ahead of UTC the zone's clocks are at the wall-clock time `wall` (read as if it were UTC). */
function offsetMs(zone: string, wall: number): number {
  const fixed = OFFSET.exec(zone);
  if (fixed) {
    const [, sign, hours, minutes] = fixed;
    const ms = (Number(hours) * 60 + Number(minutes ?? 0)) * 60_000;
    if (ms > 14 * 3600_000 || Number(minutes ?? 0) > 59) throw UserFacingError.of('tournament.refusal.badTimezone');
    return sign === '+' ? ms : -ms;
  }
  if (/^(UTC|GMT|Z)$/i.test(zone)) return 0;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', ...PARTS });
  } catch {
    throw UserFacingError.of('tournament.refusal.badTimezone');
  }
  // The zone's offset at the wall time, then again at the moment that gives: right across a change of clocks.
  const first = zoneOffset(format, wall);
  const second = zoneOffset(format, wall - first);
  return second;
}

const PARTS = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
} as const;

/** The zone's offset from UTC at the instant `at`. */
function zoneOffset(format: Intl.DateTimeFormat, at: number): number {
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const shown = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return shown - Math.floor(at / 1000) * 1000;
}
