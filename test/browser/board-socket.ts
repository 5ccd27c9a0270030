// What the board's page receives on its live socket, as the tests read it: each board the server sent, in order.
import type { Page } from 'playwright-core';
import type { BoardView, ServerMessage } from '../../src/activity/protocol';

/** The boards `page` receives from now on, collected as they come (the array grows). */
export function boardsReceivedBy(page: Page): BoardView[] {
  const boards: BoardView[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/activity/api/live')) return;
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as ServerMessage;
      if (message.t === 'board') boards.push(message.board);
    });
  });
  return boards;
}
