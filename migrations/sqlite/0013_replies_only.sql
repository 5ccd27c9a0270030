-- A game played where the bot is not a member (a group DM, a server reached only by a user's install of the
-- app): Discord lets the bot show it only through interaction replies and their follow-ups, never through the
-- channel routes (src/discord/reply-rest.ts). 0 for every game before this: they play in channels.
ALTER TABLE games ADD COLUMN replies_only INTEGER NOT NULL DEFAULT 0 CHECK (replies_only IN (0, 1));
