// The 📊 My analysis button on the results: how much expected score each decision gave away against the
// solver, the three costliest, and an accuracy figure. Only the clicking player sees it, in their language.
import type { APIEmbed } from 'discord.js';
import type { GameOptions } from '../game';
import type { Analysis } from '../service/game-service';
import { ACCURACY_TOLERANCE } from '../service/game-service';
import type { Translate } from './i18n';
import { diceText } from './render/text';
import { decisionText, expected } from './solver-words';

/** A loss this small is rounding, not a mistake. */
const MEASURABLE_LOSS = 0.005;

export function analysisEmbed(analysis: Analysis & { options: GameOptions }, t: Translate): APIEmbed {
  const { decisions, costliest, totalLoss, accuracy, options } = analysis;
  const lines = [
    t('analysis.accuracy', {
      percent: Math.round(accuracy),
      accurate: decisions.filter((d) => d.loss < ACCURACY_TOLERANCE).length,
      decisions: decisions.length,
      tolerance: ACCURACY_TOLERANCE,
    }),
    t('analysis.gaveAway', { points: expected(totalLoss) }),
  ];
  const costly = costliest.filter((d) => d.loss >= MEASURABLE_LOSS);
  if (costly.length) {
    lines.push('', t('analysis.costliest'));
    costly.forEach((d, i) => {
      lines.push(
        t('analysis.decision', {
          rank: i + 1,
          turn: d.turn,
          dice: d.dice ? t('analysis.withDice', { dice: diceText(d.dice) }) : '',
          played: decisionText(t, options, d.played),
          best: decisionText(t, options, d.best),
          loss: expected(d.loss),
        }),
      );
    });
  } else {
    lines.push('', t('analysis.flawless'));
  }
  return {
    title: t('analysis.title'),
    description: lines.join('\n'),
    footer: { text: t('analysis.footer') },
    color: 0x57f287,
  };
}
