-- Up Migration

-- GET /seats pages an account's seats oldest first by keyset (id > after ORDER BY id): one range scan of
-- this index, as autopilot_mailboxes_by_account does for mailboxes. The (account_id, channel, id) index
-- keeps serving the senders of one channel.
CREATE INDEX autopilot_seats_by_account_id ON autopilot_seats (account_id, id);

-- Down Migration

DROP INDEX autopilot_seats_by_account_id;
