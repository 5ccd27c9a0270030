// The 📊 My analysis button on the results: how much expected score each decision gave away against the
// solver, the three costliest, and an accuracy figure. Only the clicking player sees it.
import type { APIEmbed } from 'discord.js';
import type { Analysis } from '../service/game-service';
import { ACCURACY_TOLERANCE } from '../service/game-service';
import { diceText } from './render/text';

export function analysisEmbed(analysis: Analysis): APIEmbed {
  const { decisions, costliest, totalLoss, accuracy } = analysis;
  const lines = [
    `**Accuracy ${Math.round(accuracy)}%** — ${decisions.filter((d) => d.loss < ACCURACY_TOLERANCE).length} of ${decisions.length} decisions within ${ACCURACY_TOLERANCE} point of the solver's best.`,
    `In all you gave away **${totalLoss.toFixed(2)}** points of expected final score.`,
  ];
  const costly = costliest.filter((d) => d.loss >= 0.005);
  if (costly.length) {
    lines.push('', '**Your costliest decisions**');
    costly.forEach((d, i) => {
      const dice = d.dice ? ` with ${diceText(d.dice)}` : '';
      lines.push(
        `${i + 1}. Turn ${d.turn}${dice}: you chose *${d.played}*; best was *${d.best}* — **−${d.loss.toFixed(2)}**`,
      );
    });
  } else {
    lines.push('', 'Not one decision cost you anything measurable. Flawless.');
  }
  return {
    title: '📊 Your game, decision by decision',
    description: lines.join('\n'),
    footer: {
      text: 'Compared with the expert solver: exact holds for the throws left, cells valued for bonuses and the modifier.',
    },
    color: 0x57f287,
  };
}
