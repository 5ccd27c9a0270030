// The rules in short, for /olathe help: the figures come from the engine (thresholds, category names), the
// sentences from the catalogue, so a rule changed in src/game shows here without a second copy.
import type { Category } from '../../game';
import { CATEGORIES, TOTAL_THRESHOLDS } from '../../game';
import type { Translate } from '../i18n';
import { categoryName } from './text';

export function rulesText(t: Translate): string {
  const name = (c: Category): string => categoryName(t, c, 'olathe');
  const thresholds = (Object.keys(TOTAL_THRESHOLDS) as (keyof typeof TOTAL_THRESHOLDS)[])
    .map((c) => `${name(c)} ≥ ${TOTAL_THRESHOLDS[c]}`)
    .join(', ');
  return [
    t('rules.turn'),
    t('rules.cells', { categories: CATEGORIES.map(name).join(', ') }),
    t('rules.columns'),
    t('rules.bonus', { thresholds }),
    t('rules.modifier'),
    t('rules.balut'),
    t('rules.full'),
  ].join('\n');
}
