-- PostgreSQL's twin of migrations/sqlite/0010_outbox_autoincrement.sql: nothing to do. SQLite rebuilt the
-- outbox so its ids are never handed out twice; here the outbox's id has been an identity column (a sequence,
-- which never goes back) since 0003. The file exists so both engines count the same versions.
SELECT 1;
