// The names and descriptions of the card's options, which `/olathe start` and `/olathe tournament create` share
// (the same options, checked the same way): written once for each language.
export const CARD_OPTION_WORDS = {
  en: {
    variant: {
      name: 'variant',
      description: 'Olathe (turns in seat order, Free/Down/Up columns) or Balut (simultaneous, 4 Free columns)',
    },
    free: { name: 'free', description: 'Free columns (Olathe: 2–4)' },
    down: { name: 'down', description: 'Down columns (Olathe: 0–1)' },
    up: { name: 'up', description: 'Up columns (Olathe: 0–1)' },
    throws: { name: 'throws', description: 'Throws a turn (Olathe: {{min}}–{{max}}; Balut: 3)' },
    'turn-timeout': {
      name: 'turn-timeout',
      description: 'Minutes before an idle turn is played for you (default 10)',
    },
    predictions: { name: 'predictions', description: 'Guess how many Olathes will be scored (default off)' },
    hints: { name: 'hints', description: 'Allow 💡 hints from the solver (default on)' },
    difficulty: { name: 'difficulty', description: 'How well the computer players play (default normal)' },
  },
  da: {
    variant: {
      name: 'variant',
      description: 'Olathe (på skift, kolonner Fri/Ned/Op) eller Balut (samtidig, 4 frie kolonner)',
    },
    free: { name: 'fri', description: 'Frie kolonner (Olathe: 2–4)' },
    down: { name: 'ned', description: 'Ned-kolonner (Olathe: 0–1)' },
    up: { name: 'op', description: 'Op-kolonner (Olathe: 0–1)' },
    throws: { name: 'kast', description: 'Kast pr. tur (Olathe: {{min}}–{{max}}; Balut: 3)' },
    'turn-timeout': { name: 'tidsgrænse', description: 'Minutter før en ledig tur spilles for dig (standard 10)' },
    predictions: { name: 'gæt', description: 'Gæt hvor mange Olathes der bliver scoret (standard fra)' },
    hints: { name: 'tips', description: 'Tillad 💡 tips fra løseren (standard til)' },
    difficulty: { name: 'sværhedsgrad', description: 'Hvor godt computerspillerne spiller (standard normal)' },
  },
} as const;
