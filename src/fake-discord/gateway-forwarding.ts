// What the bots hear of the fake's changes: guild events (channels, threads, roles) and messages become
// gateway dispatches to the sessions that hold the guild's shard and have the intent.
import type { FakeGateway } from './gateway';
import { GatewayIntent } from './gateway-protocol';
import { gatewayMessage } from './message-payloads';
import type { FakeState, GuildDispatch } from './store';
import type { ChangeEvent } from './types';

/** Sends the state's guild events, and its message changes as MESSAGE_* events, to the connected bots. */
export function forwardStateToGateway(state: FakeState, gateway: FakeGateway): void {
  state.events.on('dispatch', (event: GuildDispatch) => {
    gateway.broadcast(event.guildId, event.t, event.intent, () => event.d);
  });
  // Bots with the GUILD_MESSAGES intent see public messages, as on Discord; never ephemerals. Those of the
  // bot's DMs go to DIRECT_MESSAGES on shard 0; group DMs and servers without the bot tell it nothing.
  state.events.on('change', (event: ChangeEvent) => {
    const message = state.messages.get(event.message.id);
    if (!message || message.ephemeralFor !== undefined) return;
    const channelType = state.channels.get(message.channelId)?.type;
    const inDm = channelType === 1;
    if (channelType === 3 || (!inDm && state.guilds.get(message.guildId)?.botMember !== true)) return;
    const intent = inDm ? GatewayIntent.DirectMessages : GatewayIntent.GuildMessages;
    const shardKey = inDm ? '0' : message.guildId;
    if (event.type === 'messageDelete') {
      gateway.broadcast(shardKey, 'MESSAGE_DELETE', intent, () => ({
        id: message.id,
        channel_id: message.channelId,
        ...(inDm ? {} : { guild_id: message.guildId }),
      }));
      return;
    }
    const t = event.type === 'messageCreate' ? 'MESSAGE_CREATE' : 'MESSAGE_UPDATE';
    gateway.broadcast(shardKey, t, intent, (intents) =>
      gatewayMessage(state, message, (intents & GatewayIntent.MessageContent) !== 0),
    );
  });
}
