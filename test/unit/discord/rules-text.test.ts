// /olathe help's rules in short: in each language, with the engine's own figures and category names.
import { describe, expect, it } from 'vitest';
import { CATEGORIES, TOTAL_THRESHOLDS } from '../../../src/game';
import { LANGUAGES, tr } from '../../../src/discord/i18n';
import { rulesText } from '../../../src/discord/render/rules';
import { categoryName } from '../../../src/discord/render/text';

describe('the rules in short', () => {
  it.each(LANGUAGES)('names every category and threshold in %s, with no raw key', (code) => {
    const t = tr(code);
    const text = rulesText(t);
    for (const c of CATEGORIES) expect(text).toContain(categoryName(t, c, 'olathe'));
    for (const [c, n] of Object.entries(TOTAL_THRESHOLDS))
      expect(text).toContain(`${categoryName(t, c as keyof typeof TOTAL_THRESHOLDS, 'olathe')} ≥ ${n}`);
    expect(text).not.toMatch(/\{\{|rules\./);
    expect(text.length).toBeLessThan(4096); // an embed description
  });

  it('reads in Danish for a Danish user', () => {
    expect(rulesText(tr('da'))).toContain('**Hver tur:**');
    expect(rulesText(tr('da'))).toContain(`Firere ≥ ${TOTAL_THRESHOLDS.fours}`);
  });
});
