// The score-sheet picture as Discord shows it: a PNG attached to a message, which the message's first embed
// shows with `image: { url: 'attachment://<name>' }` (discord-api-docs reference, "Using Attachments within
// Embeds"). Drawn only where a picture is posted — the results message's post and `/olathe card` — never on
// a hold, a throw or a pass that only compares digests. A picture that cannot be drawn leaves the message in
// words (the embed's text says everything the picture shows) and one log line saying why.
import type { GameView } from '../service/game-service';
import type { Logger } from '../app/logger';
import type { ScoreSheetInput } from '../picture/score-sheet';
import { renderScoreSheet, resultsSheetInput } from '../picture/score-sheet';
import type { MessageBody } from './render/turn';
import { describeFailure } from './discord-errors';

/** Draws a score sheet as a PNG; the Publisher and `/olathe card` are handed renderScoreSheet. */
export type SheetRenderer = (input: ScoreSheetInput) => Promise<Buffer>;

export const defaultRenderer: SheetRenderer = renderScoreSheet;

/** A picture a message wants attached: its file name, and the sheet to draw, worked out only when drawn. */
export interface WantedPicture {
  name: string;
  sheet: () => ScoreSheetInput;
}

/** A file to attach to a message. */
export interface AttachedFile {
  name: string;
  data: Buffer;
}

/** The results picture's file name: ASCII, as Discord's attachment:// references require. */
export const resultsPictureName = (gameId: number) => `results-${gameId}.png`;
export const cardPictureName = (gameId: number, seat: number) => `card-${gameId}-${seat + 1}.png`;

/** The results picture of a game that is over (every card, in the standings' order), dated when it ended. */
export function resultsPicture(game: GameView): WantedPicture | undefined {
  const state = game.state;
  if (!state) return undefined;
  const date = game.finishedAt ?? game.startedAt ?? game.createdAt;
  return { name: resultsPictureName(game.id), sheet: () => resultsSheetInput({ ...game, state }, date) };
}

/** The body with its first embed showing the attached file `name`. */
export function showingPicture(body: MessageBody, name: string): MessageBody {
  const [first, ...rest] = body.embeds;
  if (!first) return body;
  return { ...body, embeds: [{ ...first, image: { url: `attachment://${name}` } }, ...rest] };
}

/** The body as it is posted without its picture: no embed points at a file that is not there. */
export function withoutPicture(body: MessageBody): MessageBody {
  return {
    ...body,
    embeds: body.embeds.map((embed) => {
      if (!embed.image?.url.startsWith('attachment://')) return embed;
      const words = { ...embed };
      delete words.image;
      return words;
    }),
  };
}

/** Draws the picture, or logs in one line why it could not be drawn and answers null. */
export async function drawPicture(
  render: SheetRenderer,
  picture: WantedPicture,
  log: Logger,
  gameId: number,
): Promise<AttachedFile | null> {
  try {
    return { name: picture.name, data: await render(picture.sheet()) };
  } catch (error) {
    log.warn('the score-sheet picture could not be drawn; shown in words only', {
      gameId,
      picture: picture.name,
      ...describeFailure(error),
    });
    return null;
  }
}
