// What tests and the playground do with the app's Activity: switch Activities on as the Developer
// Portal does, authorize the app as a person (what the Embedded App SDK's `authorize` command gets from Discord's
// client), look up what an access token stands for (what its `authenticate` command answers), and follow the
// Activity instances and who is in them. FakeDiscord (fake-discord.ts) adds running the Entry Point command.
import { joinActivity, leaveActivity } from './activity-instances';
import { enableActivities } from './entry-point';
import { clone } from './json';
import type { OAuth2Grant } from './oauth2-grants';
import type { UserRef } from './places';
import type { FakeActivityInstance } from './store';
import { FakeWatching } from './watching';

export abstract class FakeActivities extends FakeWatching {
  /**
   * "Enable Activities" in the Developer Portal: the app may launch its Activity, register an Entry Point
   * command, and gets the default one ("Launch", handler 2) unless it has one (entry-point.ts).
   */
  enableActivities(): void {
    enableActivities(this.state);
  }

  /** The app's OAuth2 client secret, which POST /oauth2/token checks (the bot's DISCORD_CLIENT_SECRET). */
  get clientSecret(): string {
    return this.state.oauth2.clientSecret;
  }

  /**
   * The person authorizes the app for `scopes` and Discord hands over an authorization code: single use, good for
   * 100 s (oauth2-grants.ts). Given a redirect URI, the exchange must name the same one.
   */
  authorizeCode(user: UserRef, scopes: string[], options: { redirectUri?: string } = {}): string {
    return this.state.oauth2.issueCode(this.requireUser(user).id, scopes, options.redirectUri);
  }

  /** Whom a live access token stands for, with its scopes and expiry; undefined once expired or unknown. */
  accessGrant(accessToken: string): OAuth2Grant | undefined {
    return this.state.oauth2.accessGrant(accessToken);
  }

  /** The running Activity instances, oldest first. */
  activityInstances(): FakeActivityInstance[] {
    return clone([...this.state.activityInstances.values()]);
  }

  /** One running instance; undefined once its last person left. */
  activityInstance(instanceId: string): FakeActivityInstance | undefined {
    const instance = this.state.activityInstances.get(instanceId);
    return instance ? clone(instance) : undefined;
  }

  /** A person who can see the instance's channel joins the running Activity. */
  joinActivity(user: UserRef, instanceId: string): FakeActivityInstance {
    return clone(joinActivity(this.state, instanceId, this.requireUser(user)));
  }

  /** A person closes the Activity; the instance ends when its last person leaves. */
  leaveActivity(user: UserRef, instanceId: string): void {
    leaveActivity(this.state, instanceId, this.requireUser(user).id);
  }
}
