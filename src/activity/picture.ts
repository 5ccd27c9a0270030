// The results' score-sheet picture for the board (GET /api/picture/<game id>.png): the very PNG the channel's
// results message attaches (the Publisher's resultsPicture, drawn by renderScoreSheet), for a game that is over,
// drawn once and kept for the next board that asks (a few games' worth). Anything else — a game in play, a lobby,
// a closed or unknown game, another path under /api/picture/ — is a plain 404.
//
// An <img> cannot carry the WebSocket's token, so the address itself is the pass: the game's id and a signature
// of it (HMAC-SHA256 under the app's client secret, the same on every host), which only a board signed in to that
// game is given (its results' `picture`). Game ids are counted up, and a DM's or a private channel's results are
// not for whoever can reach this port: an unsigned or wrongly signed address is a plain 404. Only a finished (or
// ended) game's picture is ever drawn, so nothing of a game in play — its dice, its hint — can be read this way.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../app/logger';
import type { GameService } from '../service/game-service';
import type { SheetRenderer } from '../discord/sheet-picture';
import { defaultRenderer, resultsPicture } from '../discord/sheet-picture';
import { describeFailure } from '../discord/discord-errors';

const PICTURE_PATH = /^\/api\/picture\/(\d{1,15})-([\w-]{22})\.png$/;

function signatureOf(gameId: number, key: string): string {
  return createHmac('sha256', key).update(`results picture ${gameId}`).digest('base64url').slice(0, 22);
}

/** The picture's address for a board signed in to the game, relative to the page. */
export function picturePath(gameId: number, key: string): string {
  return `api/picture/${gameId}-${signatureOf(gameId, key)}.png`;
}

function signedBy(gameId: number, signature: string, key: string): boolean {
  const expected = Buffer.from(signatureOf(gameId, key));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
/** Pictures kept: a board's results are shown to a channel's few players at about the same time. */
export const PICTURES_KEPT = 8;

export interface PictureServer {
  /** Answers the request if its path is the picture's (true), else leaves it (false). */
  serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

export function pictureServer(
  service: GameService,
  log: Logger,
  key: string,
  render: SheetRenderer = defaultRenderer,
): PictureServer {
  // Newest last; a picture asked for again moves to the end. The promise is kept, so boards asking at once share
  // one drawing.
  const kept = new Map<number, Promise<Buffer | null>>();
  const draw = (gameId: number): Promise<Buffer | null> => {
    let png = kept.get(gameId);
    if (png) {
      kept.delete(gameId);
      kept.set(gameId, png);
      return png;
    }
    png = (async () => {
      const game = await service.game(gameId);
      if (!game || (game.status !== 'finished' && game.status !== 'ended')) return null;
      const picture = resultsPicture(game);
      return picture ? render(picture.sheet()) : null;
    })();
    kept.set(gameId, png);
    // Only a drawn picture is kept: a game not over yet is asked again next time, a failure is tried again.
    png.then(
      (data) => {
        if (!data && kept.get(gameId) === png) kept.delete(gameId);
      },
      () => {
        if (kept.get(gameId) === png) kept.delete(gameId);
      },
    );
    while (kept.size > PICTURES_KEPT) kept.delete(kept.keys().next().value!);
    return png;
  };

  return {
    async serve(req, res, path) {
      if (!path.startsWith('/api/picture/')) return false;
      const match = PICTURE_PATH.exec(path);
      const gameId = match ? Number(match[1]) : 0;
      const signed = match !== null && signedBy(gameId, match[2]!, key);
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !signed || !Number.isSafeInteger(gameId) || gameId <= 0) {
        notFound(res);
        return true;
      }
      let png: Buffer | null;
      try {
        png = await draw(gameId);
      } catch (error) {
        log.warn('the board’s results picture could not be drawn', { gameId, ...describeFailure(error) });
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('The picture cannot be drawn just now.');
        return true;
      }
      if (!png) {
        notFound(res);
        return true;
      }
      res.writeHead(200, {
        'Content-Type': 'image/png',
        'Content-Length': png.length,
        // A game that is over never changes: its picture may be kept.
        'Cache-Control': 'public, max-age=86400, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : png);
      return true;
    },
  };
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Not found.');
}
