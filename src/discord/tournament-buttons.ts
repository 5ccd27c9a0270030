// The sign-up message's buttons: Join, Leave, and the host's Start now. A button acts only on the sign-up message
// that shows a control of its tournament (as shown-here.ts holds game controls to theirs); the click answers by
// drawing that message as the tournament is now, and the sync does the rest (the standings, the event, the tables).
// Refusals (a Join after the start, Start now by someone else) are private, from the router.
import type { ButtonInteraction, MessageComponentInteraction } from 'discord.js';
import type { TournamentView } from '../service/tournament-view';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import type { TournamentControl } from './custom-id';
import { parseTournamentControl } from './custom-id';
import { digestOf } from './channel-view';
import { SIGNUP_KEY, signupBody } from './render/tournament';
import { showsCustomId } from './shown-here';
import { canManage } from './subcommands/tournament-create';

/** Throws "not on this message" for a tournament button clicked where its tournament's controls are not shown. */
export function requireTournamentShownHere(
  message: { components?: unknown } | null | undefined,
  control: TournamentControl,
): void {
  const same = (customId: string) => parseTournamentControl(customId)?.tournamentId === control.tournamentId;
  if (!showsCustomId(message?.components, same)) throw UserFacingError.of('refusal.notOnThisMessage');
}

export async function handleTournamentControl(
  interaction: MessageComponentInteraction,
  control: TournamentControl,
  ctx: BotContext,
): Promise<void> {
  if (!interaction.isButton()) throw UserFacingError.of('refusal.unknownControl');
  const { tournaments } = ctx.service;
  const id = control.tournamentId;
  const userId = interaction.user.id;
  let view: TournamentView;
  switch (control.action) {
    case 'join':
      view = await tournaments.join(id, { id: userId, name: memberName(interaction) });
      break;
    case 'leave':
      view = await tournaments.leave(id, userId);
      break;
    case 'start':
      view = await tournaments.startNow(id, userId, { canManage: canManage(interaction) });
      break;
  }
  const body = signupBody(view);
  try {
    await interaction.update(body);
    await tournaments.markShown(view.id, SIGNUP_KEY, interaction.message.id, digestOf(body));
  } finally {
    // Saved whether or not Discord took the answer: the sync draws what the click could not.
    void ctx.publisher.kickTournament(view.id);
  }
}

function memberName(interaction: ButtonInteraction): string {
  const member = interaction.member;
  return member && 'displayName' in member ? member.displayName : interaction.user.displayName;
}
