// The board's words for the ratings beside the names (docs/RATINGS.md), in Danish and English, kept with the
// Activity's code (they may join the catalogues' board.page, where the page's other words are). `{{variant}}` is
// the game's name, Olathe or Balut; `{{rating}}` the number as shown ("1,538?").
export interface RatingWords {
  /** The rating's tooltip. */
  rating: string;
  /** …while it is provisional ("?"). */
  provisional: string;
  /** …for a computer player, whose rating never moves. */
  computer: string;
  /** …after a rated end: what the game changed it by ("+14"). */
  change: string;
}

export const RATING_WORDS: Readonly<Record<'en' | 'da', RatingWords>> = {
  en: {
    rating: 'Rating in {{variant}}: {{rating}}',
    provisional: 'Rating in {{variant}}: {{rating}} (“?”: provisional, still settling in)',
    computer: 'Rating in {{variant}}: {{rating}} (a computer player’s, fixed)',
    change: '{{change}} in this game',
  },
  da: {
    rating: 'Rating i {{variant}}: {{rating}}',
    provisional: 'Rating i {{variant}}: {{rating}} (“?”: foreløbig, den er ved at falde på plads)',
    computer: 'Rating i {{variant}}: {{rating}} (en computerspillers, fast)',
    change: '{{change}} i dette spil',
  },
};
