// The tournament's messages, drawn from its saved state alone: the sign-up message (what, when, who, the buttons
// while open), the standings (shared places, halves the language's way, each table's thread), the podium with its
// picture, the scheduled event it wants, and every message within Discord's limits however many sign up.
import { describe, expect, it } from 'vitest';
import type { TournamentState } from '../../../src/tournament';
import { applyTournamentEvent, newTournament, standings } from '../../../src/tournament';
import type { TournamentView } from '../../../src/service/tournament-view';
import { tournamentView } from '../../../src/service/tournament-view';
import type { TournamentRow } from '../../../src/db/tournament-rows';
import {
  PODIUM_KEY,
  SIGNUP_KEY,
  STANDINGS_KEY,
  signupBody,
  standingsBody,
  wantedTournamentMessages,
} from '../../../src/discord/render/tournament';
import { podiumPicture } from '../../../src/discord/render/tournament-podium';
import { ROUND_ESTIMATE_MS, markedTournament, wantedEvent } from '../../../src/discord/render/tournament-event';
import { parseTournamentControl } from '../../../src/discord/custom-id';
import type { MessageBody } from '../../../src/discord/render/turn';
import { renderPodium } from '../../../src/picture/podium';
import { checkMessageLimits } from '../../../src/fake-discord';
import { HOUR, NOW, apply, ids, input, resultsOf } from '../tournament/helpers';

function viewOf(state: TournamentState, over: Partial<TournamentView> = {}): TournamentView {
  const names = Object.fromEntries(state.people.map((p) => [p.userId, `Name ${p.userId}`]));
  const base = tournamentView({
    id: 7,
    guild_id: '100',
    channel_id: '200',
    host_id: 'host',
    status: state.status,
    state,
    names,
    rev: 1,
    next_deadline: null,
    locale: 'en',
    created_at: NOW,
    finished_at: null,
    messages: {},
    shown: {},
    event_id: null,
    event_shown: null,
    event_problem: null,
    closed_reason: null,
  } satisfies TournamentRow);
  return { ...base, ...over };
}

function signedUp(people: readonly string[], over = {}): TournamentState {
  let state = newTournament(input(over), NOW);
  for (const userId of people) state = apply(state, { type: 'join', userId, at: NOW });
  return state;
}

const text = (body: MessageBody) => [body.content ?? '', ...body.embeds.map((e) => JSON.stringify(e))].join('\n');

describe('the sign-up message', () => {
  it('says what the night is, when it starts in each reader’s own time, who is in, with Join, Leave and Start', () => {
    const view = viewOf(signedUp(['p1', 'p2']), {
      names: { p1: '**Bold** @everyone <@1>', p2: 'Bob' },
    });
    const body = signupBody(view);
    const start = Math.floor((NOW + HOUR) / 1000);
    const all = text(body);
    expect(all).toContain(`<t:${start}:F>`);
    expect(all).toContain(`<t:${start}:R>`);
    expect(all).toContain('3 rounds · tables of 4 · 10 min a turn');
    expect(body.embeds[0]!.fields![0]!.name).toBe('Signed up (2)');
    // A name is plain text: its markdown escaped, no mention or @everyone can come of it.
    const list = body.embeds[0]!.fields![0]!.value;
    expect(list).toContain('\\*\\*Bold\\*\\*');
    expect(list).not.toMatch(/@everyone|<@1>/);
    expect(body.allowedMentions).toEqual({ parse: [] });
    const controls = body.components[0]!.components.map((c) =>
      parseTournamentControl((c as { custom_id: string }).custom_id),
    );
    expect(controls).toEqual([
      { action: 'join', tournamentId: 7 },
      { action: 'leave', tournamentId: 7 },
      { action: 'start', tournamentId: 7 },
    ]);
  });

  it('loses its buttons at the start, says why there is no event, and speaks Danish', () => {
    let state = signedUp(['p1', 'p2']);
    state = apply(state, { type: 'start', ratings: { p1: 1500, p2: 1500 } });
    const view = viewOf(state, { locale: 'da', event: { id: null, shown: null, problem: 'no-permission' } });
    const body = signupBody(view);
    expect(body.components).toEqual([]);
    expect(text(body)).toContain('I gang: runde 1 af 3');
    expect(text(body)).toContain('Opret begivenheder');
  });

  it('stays within Discord’s limits with 128 people of long names', () => {
    const people = ids(128);
    const view = viewOf(signedUp(people), {
      names: Object.fromEntries(people.map((p) => [p, `${p} ${'W'.repeat(80)}`])),
    });
    const body = signupBody(view);
    expect(checkMessageLimits({ content: '', embeds: body.embeds, components: body.components, flags: 0 })).toEqual([]);
    expect(body.embeds[0]!.fields![0]!.value).toMatch(/… and \d+ more$/);
  });
});

/** Four people at one table of four: p1 and p2 share 1st (2.5 points each), p3 3rd, p4 4th. */
function sharedFirst(): TournamentState {
  let state = signedUp(['p1', 'p2', 'p3', 'p4'], { rounds: 2 });
  state = apply(state, { type: 'start', ratings: { p1: 1600, p2: 1550, p3: 1500, p4: 1450 } });
  const table = state.rounds[0]!.tables[0]!;
  state = apply(state, { type: 'table-started', round: 1, table: 1, gameId: '41' });
  const finals = table.seats.map((s) => (s.kind === 'person' ? { p1: 100, p2: 100, p3: 50, p4: 10 }[s.userId]! : 0));
  return apply(state, { type: 'table-finished', round: 1, table: 1, results: resultsOf(table, finals) });
}

describe('the standings message', () => {
  it('shows each table with its thread, shared places and halves, in English and Danish', () => {
    const state = sharedFirst();
    const view = viewOf(state);
    const body = standingsBody(view, { '41': '999' });
    const all = text(body);
    expect(all).toContain('round 1 of 2');
    expect(all).toContain('**Table 1** <#999>');
    expect(all).toContain('✅ won by Name p1, Name p2');
    const rows = body.embeds[1]!.description!.split('\n');
    expect(rows[0]).toBe('`1.` **Name p1** — 2.5 pts · final 100 · opp. 1.17');
    expect(rows[1]).toMatch(/^`1\.` \*\*Name p2\*\* — 2\.5 pts/);
    expect(rows[2]).toMatch(/^`3\.` \*\*Name p3\*\* — 1 pt · /);
    expect(rows[3]).toMatch(/^`4\.` \*\*Name p4\*\* — 0 pts/);
    const danish = standingsBody(viewOf(state, { locale: 'da' }), {});
    expect(danish.embeds[1]!.description).toContain('2,5 p.');
    expect(danish.embeds[0]!.description).not.toContain('<#');
  });

  it('is wanted once round 1 is seated, and the podium once it is over', () => {
    const signup = viewOf(signedUp(['p1', 'p2']));
    expect(wantedTournamentMessages(signup).map((w) => w.key)).toEqual([SIGNUP_KEY]);
    let state = sharedFirst();
    expect(wantedTournamentMessages(viewOf(state)).map((w) => w.key)).toEqual([SIGNUP_KEY, STANDINGS_KEY]);
    state = applyTournamentEvent(state, { type: 'end' });
    const over = wantedTournamentMessages(viewOf(state), {
      threads: {},
      ratings: [{ userId: 'p1', before: 1500, provisionalBefore: true, after: 1528, provisional: true }],
    });
    expect(over.map((w) => w.key)).toEqual([SIGNUP_KEY, STANDINGS_KEY, PODIUM_KEY]);
    const podium = over[2]!;
    expect(podium.once).toBe(true);
    expect(podium.picture?.name).toBe('tournament-7-podium.png');
    expect(text(podium.body)).toContain('🥇 **Name p1** — 2.5 pts');
    expect(text(podium.body)).toContain('🥇 **Name p2** — 2.5 pts');
    expect(text(podium.body)).toContain('**Name p1** 1,500? → 1,528? (+28)');
    expect(podium.body.embeds[0]!.image).toEqual({ url: 'attachment://tournament-7-podium.png' });
  });

  it('stays within Discord’s limits with 128 people at 32 tables', () => {
    const people = ids(128);
    let state = signedUp(people, { tableSize: 4 });
    state = apply(state, { type: 'start', ratings: Object.fromEntries(people.map((p, i) => [p, 2000 - i])) });
    const view = viewOf(state, { names: Object.fromEntries(people.map((p) => [p, `${p} ${'W'.repeat(80)}`])) });
    for (const w of wantedTournamentMessages(view)) {
      const { embeds, components } = w.body;
      expect(checkMessageLimits({ content: '', embeds, components, flags: 0 }), w.key).toEqual([]);
    }
    expect(standings(state)).toHaveLength(128);
  });
});

describe('the podium picture and the scheduled event', () => {
  it('draws the podium as a PNG with the top three', async () => {
    const view = viewOf(applyTournamentEvent(sharedFirst(), { type: 'end' }));
    const input = podiumPicture(view);
    expect(input.sections[0]!.people.map((p) => [p.name, p.rank])).toEqual([
      ['Name p1', 1],
      ['Name p2', 1],
      ['Name p3', 3],
    ]);
    const png = await renderPodium(input);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(640);
  });

  it('wants an event that names the channel, ends after the estimated rounds, and carries its mark', () => {
    const view = viewOf(signedUp(['p1']));
    const event = wantedEvent(view, 'dice');
    expect(event.status).toBe('scheduled');
    expect(event.description).toContain('#dice');
    expect(markedTournament(event.description)).toBe(7);
    expect(markedTournament('Olathe T8 and more')).toBeNull();
    expect(event.end - event.start).toBe(3 * ROUND_ESTIMATE_MS);
  });
});
