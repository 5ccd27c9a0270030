// What the Activity server itself says when it refuses a connection or a message. A refused move is worded by the
// card's refusals in the player's language (moves.ts); these come before the server knows who the person is, or
// are about the connection, so they are English, short and plain.
export const REFUSED = {
  garbled: 'The board sent a message the server does not understand. Reload the board.',
  badToken: 'Discord did not accept your sign-in. Close the board and open it again.',
  notInActivity: 'You are not in this Activity, so the board cannot show it to you.',
  discordDown: 'Discord could not be asked who you are just now. Try again in a moment.',
  databaseDown: 'The game cannot be read just now, and nothing changed. Try again in a moment.',
  helloFirst: 'The board is not connected to a game yet.',
  flood: 'Too many messages at once: the connection was closed. Reload the board.',
  unexpected: 'Something went wrong — your game is unchanged.',
} as const;
