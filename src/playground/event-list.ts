// The server's scheduled events for the page's sidebar (Discord's "Events"): the list as the fake holds it, with a
// version that every change of an event raises, pushed whole to the pages as the thread list is.
import type { FakeDiscord, ScheduledEventNotice } from '../fake-discord';
import { guildEvents } from './page-view';
import type { PageEvent } from './page-view';

export interface EventsPayload {
  version: number;
  events: PageEvent[];
}

export interface EventList {
  payload(): EventsPayload;
  close(): void;
}

/** Follows the playground server's events; `push` gets the new list after each change. */
export function watchEvents(fake: FakeDiscord, push: (payload: EventsPayload) => void): EventList {
  let version = 0;
  const payload = (): EventsPayload => ({ version, events: guildEvents(fake) });
  const onChange = (notice: ScheduledEventNotice): void => {
    if (notice.event.guildId !== fake.guildId) return;
    version++;
    push(payload());
  };
  fake.on('scheduledEvent', onChange);
  return { payload, close: () => void fake.off('scheduledEvent', onChange) };
}
