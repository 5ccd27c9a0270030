// The scoring calculator's JSON format: RULES.md "Scoring calculator format (engine JSON)".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakdownJson, parseCardJson } from '../../src/game/card-json';
import { CATEGORIES } from '../../src/game/dice';
import { scoreCard } from '../../src/game/scoring';

/** The input example of RULES.md, verbatim. */
const RULES_EXAMPLE_CARD = `{ "variant": "olathe",
  "columns": [ { "kind": "free", "cells": { "fours": [4,4,4,1,2], "fives": null, "sixes": null,
      "straight": [1,2,3,4,5], "house": null, "choice": null, "olathe": [6,6,6,6,6] } } ] }`;

/** The output example of RULES.md, with its elided cells ("...": "...") written out. */
const RULES_EXAMPLE_OUTPUT =
  '{"columns":[{"kind":"free","cells":{"fours":12,"fives":null,"sixes":null,"straight":15,"house":null,"choice":null,"olathe":50}}],' +
  '"categoryTotals":{"fours":12,"fives":0,"sixes":0,"straight":15,"house":0,"choice":0,"olathe":50},' +
  '"incentives":{"fours":0,"fives":0,"sixes":0,"straight":4,"house":0,"choice":0,"olathe":2},' +
  '"incentiveTotal":6,"rawTotal":77,"modifier":-1,"final":5}';

function fullCells(): Record<string, unknown> {
  return {
    fours: [4, 4, 4, 4, 1],
    fives: [5, 5, 5, 2, 2],
    sixes: [6, 6, 1, 1, 1],
    straight: [2, 3, 4, 5, 6],
    house: [3, 3, 3, 2, 2],
    choice: [6, 6, 5, 5, 4],
    olathe: [1, 1, 1, 1, 1],
  };
}

function card(...columns: unknown[]): Record<string, unknown> {
  return { variant: 'olathe', columns };
}

function problemOf(value: unknown): { path: string; problem: string } {
  const result = parseCardJson(value);
  if (result.ok) throw new Error('expected a problem, got a card');
  return { path: result.path, problem: result.problem };
}

describe('the RULES.md example', () => {
  it('scores to exactly the RULES.md output', () => {
    const result = parseCardJson(JSON.parse(RULES_EXAMPLE_CARD));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.variant).toBe('olathe');
    expect(breakdownJson(scoreCard(result.card))).toBe(RULES_EXAMPLE_OUTPUT);
  });

  it('keeps the RULES.md key order even when given a breakdown built in another order', () => {
    const result = parseCardJson(JSON.parse(RULES_EXAMPLE_CARD));
    if (!result.ok) throw new Error(result.problem);
    const b = scoreCard(result.card);
    const shuffled = {
      final: b.final,
      modifier: b.modifier,
      rawTotal: b.rawTotal,
      incentiveTotal: b.incentiveTotal,
      incentives: Object.fromEntries(Object.entries(b.incentives).reverse()),
      categoryTotals: Object.fromEntries(Object.entries(b.categoryTotals).reverse()),
      columns: b.columns.map((c) => ({ cells: Object.fromEntries(Object.entries(c.cells).reverse()), kind: c.kind })),
    } as unknown as typeof b;
    expect(breakdownJson(shuffled)).toBe(RULES_EXAMPLE_OUTPUT);
  });
});

describe('parseCardJson accepts', () => {
  it('a card with variant "balut", every column kind and several columns', () => {
    const result = parseCardJson({
      variant: 'balut',
      columns: [
        { kind: 'free', cells: fullCells() },
        { kind: 'down', cells: { ...fullCells(), olathe: null } },
        { kind: 'up', cells: { ...fullCells(), fours: null } },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.variant).toBe('balut');
    expect(result.card.columns.map((c) => c.kind)).toEqual(['free', 'down', 'up']);
    expect(result.card.columns[1]!.cells.olathe).toBeNull();
    expect(result.card.columns[0]!.cells.house).toEqual([3, 3, 3, 2, 2]);
  });

  it('a card without "variant" (RULES.md does not require it) as an Olathe card', () => {
    const result = parseCardJson({ columns: [{ kind: 'free', cells: fullCells() }] });
    expect(result.ok && result.variant).toBe('olathe');
  });

  it('a layout no game allows (the calculator scores any number of columns)', () => {
    const result = parseCardJson(card(...Array.from({ length: 9 }, () => ({ kind: 'down', cells: fullCells() }))));
    expect(result.ok).toBe(true);
  });

  it('copies the dice, so the card does not share arrays with the input', () => {
    const cells = fullCells();
    const result = parseCardJson(card({ kind: 'free', cells }));
    if (!result.ok) throw new Error(result.problem);
    (cells.fours as number[])[0] = 6;
    expect(result.card.columns[0]!.cells.fours).toEqual([4, 4, 4, 4, 1]);
  });
});

describe('parseCardJson refuses, naming the path and the problem', () => {
  const cases: [string, unknown, string, string | RegExp][] = [
    ['a non-object card', [1, 2], '$', /must be a JSON object/],
    ['null', null, '$', /must be a JSON object/],
    [
      'an unknown variant',
      { variant: 'yahtzee', columns: [] },
      '$.variant',
      'unknown variant "yahtzee" (olathe or balut)',
    ],
    ['a null variant', { variant: null, columns: [] }, '$.variant', 'unknown variant null (olathe or balut)'],
    ['an unknown top-level key', { variant: 'olathe', colums: [] }, '$.colums', /unknown key "colums"/],
    ['a missing columns key', { variant: 'olathe' }, '$.columns', /missing "columns"/],
    ['columns that are not an array', { columns: {} }, '$.columns', /must be an array/],
    ['an empty card', card(), '$.columns', 'columns must hold at least one column'],
    [
      'a column that is not an object',
      card({ kind: 'free', cells: fullCells() }, 'free'),
      '$.columns[1]',
      /a column must be an object/,
    ],
    ['a missing kind', card({ cells: fullCells() }), '$.columns[0].kind', 'missing column kind (free, down or up)'],
    [
      'an unknown column kind',
      card({ kind: 'sideways', cells: fullCells() }),
      '$.columns[0].kind',
      'unknown column kind "sideways" (free, down or up)',
    ],
    [
      'a kind with the wrong case',
      card({ kind: 'Free', cells: fullCells() }),
      '$.columns[0].kind',
      'unknown column kind "Free" (free, down or up)',
    ],
    [
      'an unknown column key',
      card({ kind: 'free', cells: fullCells(), name: 'x' }),
      '$.columns[0].name',
      /unknown key "name"/,
    ],
    ['missing cells', card({ kind: 'up' }), '$.columns[0].cells', /missing "cells"/],
    ['cells as an array', card({ kind: 'up', cells: [] }), '$.columns[0].cells', /cells must be an object/],
    [
      'a missing category key',
      card({ kind: 'free', cells: fullCells() }, { kind: 'down', cells: { ...fullCells(), house: undefined } }),
      '$.columns[1].cells.house',
      'missing category key "house"',
    ],
    [
      'the Balut row under its Balut name',
      { variant: 'balut', columns: [{ kind: 'free', cells: { ...fullCells(), olathe: undefined, balut: null } }] },
      '$.columns[0].cells.olathe',
      'missing category key "olathe" (the Balut row is written "olathe" in JSON)',
    ],
    [
      'an unknown category key',
      card({ kind: 'free', cells: { ...fullCells(), yahtzee: null } }),
      '$.columns[0].cells.yahtzee',
      /unknown category key "yahtzee"/,
    ],
    [
      'an odd key, quoted in the path',
      card({ kind: 'free', cells: { ...fullCells(), 'two words': null } }),
      '$.columns[0].cells["two words"]',
      /unknown category key "two words"/,
    ],
    [
      'four dice',
      card({ kind: 'free', cells: { ...fullCells(), sixes: [6, 6, 6, 6] } }),
      '$.columns[0].cells.sixes',
      /dice must be five integers 1–6.*\(got 4 values\)/,
    ],
    [
      'six dice',
      card({ kind: 'free', cells: { ...fullCells(), sixes: [6, 6, 6, 6, 6, 6] } }),
      '$.columns[0].cells.sixes',
      /dice must be five integers 1–6/,
    ],
    [
      'a 7',
      card({ kind: 'free', cells: { ...fullCells(), choice: [1, 2, 7, 4, 5] } }),
      '$.columns[0].cells.choice',
      /dice must be five integers 1–6.*\(die 3 is 7\)/,
    ],
    [
      'a 0',
      card({ kind: 'free', cells: { ...fullCells(), choice: [0, 2, 3, 4, 5] } }),
      '$.columns[0].cells.choice',
      /\(die 1 is 0\)/,
    ],
    [
      'a fraction',
      card({ kind: 'free', cells: { ...fullCells(), choice: [1, 2, 3, 4, 4.5] } }),
      '$.columns[0].cells.choice',
      /\(die 5 is 4.5\)/,
    ],
    [
      'a die as a string',
      card({ kind: 'free', cells: { ...fullCells(), choice: [1, '2', 3, 4, 5] } }),
      '$.columns[0].cells.choice',
      /\(die 2 is "2"\)/,
    ],
    [
      'a number for dice',
      card({ kind: 'free', cells: { ...fullCells(), straight: 15 } }),
      '$.columns[0].cells.straight',
      /dice must be five integers 1–6.*\(got 15\)/,
    ],
    [
      'a string for dice',
      card({ kind: 'free', cells: { ...fullCells(), straight: '12345' } }),
      '$.columns[0].cells.straight',
      /\(got "12345"\)/,
    ],
  ];

  it.each(cases)('%s', (_name, value, path, problem) => {
    // `undefined` stands for a key left out: JSON has no undefined, so round-trip through JSON first.
    const got = problemOf(JSON.parse(JSON.stringify(value)));
    expect(got.path).toBe(path);
    if (typeof problem === 'string') expect(got.problem).toBe(problem);
    else expect(got.problem).toMatch(problem);
  });

  it('reports the first problem, column by column and top to bottom', () => {
    const got = problemOf(
      card(
        { kind: 'free', cells: fullCells() },
        { kind: 'free', cells: { ...fullCells(), fives: [9, 9, 9, 9, 9], olathe: [0] } },
        { kind: 'sideways', cells: fullCells() },
      ),
    );
    expect(got.path).toBe('$.columns[1].cells.fives');
  });

  it('names every missing category key by its own path', () => {
    for (const category of CATEGORIES) {
      const cells = fullCells();
      delete cells[category];
      expect(problemOf(card({ kind: 'free', cells }))).toEqual({
        path: `$.columns[0].cells.${category}`,
        problem: `missing category key "${category}"`,
      });
    }
  });
});

describe('round trip', () => {
  const dice = fc.tuple(...Array.from({ length: 5 }, () => fc.integer({ min: 1, max: 6 })));
  const cells = fc.record(Object.fromEntries(CATEGORIES.map((c) => [c, fc.option(dice, { nil: null })])));
  const column = fc.record({ kind: fc.constantFrom('free', 'down', 'up'), cells });
  const anyCard = fc.record({
    variant: fc.constantFrom('olathe', 'balut'),
    columns: fc.array(column, { minLength: 1, maxLength: 6 }),
  });

  it('any valid card in JSON is read back as the same card, and its breakdown JSON is the breakdown', () => {
    fc.assert(
      fc.property(anyCard, (value) => {
        const result = parseCardJson(JSON.parse(JSON.stringify(value)));
        if (!result.ok) throw new Error(`${result.path}: ${result.problem}`);
        expect(result.variant).toBe(value.variant);
        expect(result.card.columns).toEqual(value.columns);
        const breakdown = scoreCard(result.card);
        expect(JSON.parse(breakdownJson(breakdown))).toEqual(breakdown);
      }),
      { numRuns: 300 },
    );
  });
});
