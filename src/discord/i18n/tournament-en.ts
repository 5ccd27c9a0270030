// The English texts of tournaments (club nights), spread into the catalogue (locales/en.ts) under `tournament`,
// `tournamentError` and `command.tournament`; the Danish ones mirror them (tournament-da.ts).
import { TOURNAMENT_MESSAGES } from '../../tournament';
import { CARD_OPTION_WORDS } from './card-option-words';

export const TOURNAMENT_TEXTS = {
  join: 'Join',
  leave: 'Leave',
  startNow: '▶ Start now (host)',
  starts: '**Starts** {{full}} ({{relative}})',
  format: '{{variant}} · {{layout}}',
  shape: '{{rounds}} · tables of {{size}} · {{minutes}} min a turn',
  rounds_one: '{{count}} round',
  rounds_other: '{{count}} rounds',
  host: 'Host: <@{{hostId}}>',
  signupOpen: 'Press **Join** to play; sign-up closes at the start.',
  fill: '🤖 Computer players fill the field up to {{count}} players.',
  leftovers: {
    computer: 'Seats nobody takes go to computer players.',
    bye: 'Players left over sit a round out (a bye, worth {{points}}).',
  },
  signedUp: 'Signed up ({{count}})',
  nobody: 'Nobody yet.',
  more: '… and {{count}} more',
  noEvent:
    "ℹ️ This night is not under the server's **Events**: I need the **Create Events** permission for that. It runs all the same.",
  running: '▶ Under way: round {{round}} of {{rounds}}.',
  finished: '🏁 Finished: the final standings and the podium are below.',
  cancelled: '✖ Cancelled by the host.',
  cancelledEmpty: '✖ Cancelled: fewer than two people had signed up by the start.',
  standingsTitle: '🏆 {{name}} — round {{round}} of {{rounds}}',
  finalTitle: '🏆 {{name}} — final standings',
  tables: 'Tables',
  table: '**Table {{number}}**{{where}} · {{players}} — {{status}}',
  inThread: ' <#{{threadId}}>',
  computer: '🤖',
  tableStatus: { pending: '⏳ about to start', playing: '🎲 playing', finished: '✅ won by {{winners}}' },
  byes: 'Sitting this round out: {{names}}',
  moreTables: '… and {{count}} more tables',
  standings: 'Standings',
  row: '`{{rank}}.` **{{name}}**{{left}} — {{points}} · final {{final}} · opp. {{opponents}}',
  leftMark: ' (left)',
  points_one: '{{points}} pt',
  points_other: '{{points}} pts',
  moreRows: '… and {{count}} more: `/olathe tournament show`',
  noStandings: 'No table has finished yet.',
  tieBreaks:
    'Points: at a table of N, 1st gets N − 1 … last 0; shared places share them. Ties: final points, then the opponents’ average.',
  podiumTitle: '🏆 {{name}} — the podium',
  podiumRow: '{{medal}} **{{name}}** — {{points}}',
  pictureSubtitle: '{{variant}} · {{rounds}} · {{people}}',
  people_one: '{{count}} player',
  people_other: '{{count}} players',
  pictureLabel: 'Final standings',
  pictureFinal: 'final points {{final}}',
  ratingsTitle: '📈 Ratings tonight',
  ratingRow: '**{{name}}** {{before}} → {{after}} ({{delta}})',
  noRatings: 'No rated games tonight.',
  eventDescription:
    '{{variant}} tournament in #{{channel}}: {{rounds}}, tables of {{size}}. Join from the sign-up message there.',
  created: 'Tournament **{{name}}** is open for sign-up: {{link}} — it starts {{full}} ({{relative}}).',
  edited:
    'Tournament **{{name}}** is changed; it starts {{full}} ({{relative}}). Its sign-up message shows the change.',
  startedNow: 'Round 1 is seated: the tables are in their threads.',
  cancelledReply: 'The tournament is cancelled.',
  filled: 'Computer players now fill the field up to {{count}} players.',
  unfilled: 'No computer players fill the field now.',
  left: 'You left the tournament.',
  dropped: 'You left the tournament: you keep your points and are not seated again.',
  footer: 'Tournament {{id}}',
  joined: 'You are in. The tables are seated at the start; your table plays in a thread of its own.',
  refusal: {
    notInServer: 'Tournaments are played in a server channel where I am a member.',
    needManage: 'Hosting a tournament needs **Manage Events** or **Manage Server** in this server.',
    noneHere: 'This channel has no tournament under way or in sign-up.',
    noneFound: 'There is no such tournament in this server.',
    nameNeeded: 'Give the tournament a name.',
    startsNeeded: 'Give the start as a date and time, such as 2026-12-05 19:30.',
    roundsNeeded: 'Say how many rounds to play (1–7).',
    badStart: 'Write the start as YYYY-MM-DD HH:MM on a 24-hour clock, such as 2026-12-05 19:30.',
    badTimezone: 'Write the time zone as a name such as Europe/Copenhagen, or as an offset from UTC such as +01:00.',
    timezoneAlone: 'A time zone is read with a start time: give the new start too.',
  },
} as const;

export const TOURNAMENT_COMMAND = {
  name: 'tournament',
  description: 'Club nights: several rounds of tables, with standings and a podium.',
  options: {
    create: {
      name: 'create',
      description: 'Open a tournament in this channel (Manage Events or Manage Server).',
      options: {
        name: { name: 'name', description: 'What the night is called, such as Friday club night' },
        starts: { name: 'starts', description: 'Start time, YYYY-MM-DD HH:MM (24-hour), such as 2026-12-05 19:30' },
        rounds: { name: 'rounds', description: 'Rounds to play (1–7)' },
        timezone: {
          name: 'timezone',
          description: 'Time zone of the start: a name such as Europe/Copenhagen, or +01:00 (default UTC)',
        },
        'table-size': {
          name: 'table-size',
          description: 'Players a table, computer players included (2–8, default 4)',
        },
        leftovers: {
          name: 'leftovers',
          description: 'Seats nobody takes: computer players (default), or the players left over sit out',
        },
        ...CARD_OPTION_WORDS.en,
      },
    },
    edit: {
      name: 'edit',
      description: "Change this channel's tournament during sign-up (host).",
      options: {
        name: { name: 'name', description: 'A new name for the night' },
        starts: {
          name: 'starts',
          description: 'A new start time, YYYY-MM-DD HH:MM (24-hour), such as 2026-12-05 19:30',
        },
        timezone: {
          name: 'timezone',
          description: 'Time zone of the start: a name such as Europe/Copenhagen, or +01:00 (default UTC)',
        },
        rounds: { name: 'rounds', description: 'Rounds to play (1–7)' },
        'table-size': {
          name: 'table-size',
          description: 'Players a table, computer players included (2–8, default 4)',
        },
        leftovers: {
          name: 'leftovers',
          description: 'Seats nobody takes: computer players (default), or the players left over sit out',
        },
        'turn-timeout': {
          name: 'turn-timeout',
          description: 'Minutes before an idle turn is played for you (default 10)',
        },
      },
    },
    start: { name: 'start', description: "Start this channel's tournament now, before its start time (host)." },
    fill: {
      name: 'fill',
      description: 'Seat computer players in the empty places (host).',
      options: {
        players: {
          name: 'players',
          description: 'Fill the field up to this many players (default: the next full table; 0: none)',
        },
      },
    },
    cancel: { name: 'cancel', description: "Cancel this channel's tournament (host)." },
    leave: { name: 'leave', description: "Leave this channel's tournament (you keep the points you have)." },
    show: {
      name: 'show',
      description: "A tournament's standings: this channel's, or this server's latest (only you see it).",
      options: { number: { name: 'number', description: 'The tournament by its number, as its messages show it' } },
    },
  },
} as const;

export { TOURNAMENT_MESSAGES };
