-- Up Migration

-- What each sender (a mailbox, a seat) used of its own local day: the touches claimed for sending that
-- day, sent or being sent, and the connection requests among them. A claim takes its place here with
-- one conditional upsert (used < the day's limit), so workers sending at once never pass a daily limit
-- and never wait on a lock to count; the touch records the day it counts in (`counted_on`).
CREATE TABLE autopilot_sender_days (
  channel text NOT NULL,
  sender_id bigint NOT NULL,
  day date NOT NULL,
  touches integer NOT NULL CHECK (touches >= 0),
  invitations integer NOT NULL CHECK (invitations >= 0 AND invitations <= touches),
  PRIMARY KEY (channel, sender_id, day)
);

-- The sender's local day the touch's claim counts in: set with `sending_at`, kept once the touch is sent.
ALTER TABLE autopilot_touches ADD COLUMN counted_on date;

-- A claim that ends without a send (the channel failed, the worker stopped, a hold, a skip, a second
-- claim of a touch whose worker died, a worker finding its touch's lead ended) gives its place back,
-- whichever statement ends it: the statement clears `counted_on`. A touch that went out keeps its place,
-- whatever is recorded of it later. Ending a lead leaves a claimed touch's place taken: its worker may be
-- sending it, and gives the place back only once it knows it did not.
CREATE FUNCTION autopilot_touch_gives_back_its_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE autopilot_sender_days
  SET touches = touches - 1, invitations = invitations - (OLD.kind = 'connection_request')::int
  WHERE channel = OLD.channel AND sender_id = OLD.sender_id AND day = OLD.counted_on;
  RETURN NEW;
END $$;

CREATE TRIGGER autopilot_touch_gives_back_its_day BEFORE UPDATE ON autopilot_touches
  FOR EACH ROW WHEN (OLD.counted_on IS NOT NULL AND NEW.counted_on IS NULL AND NEW.state <> 'sent')
  EXECUTE FUNCTION autopilot_touch_gives_back_its_day();

-- Today's use, from the touches that count under the rule before this migration (sent that local day,
-- or being sent), so a running deployment's limits stay exact across the upgrade. The last two days
-- of sends hold every zone's today; a sender removed since has no day to pace.
WITH zones AS (
  SELECT 'email' AS channel, id, time_zone FROM autopilot_mailboxes
  UNION ALL SELECT channel, id, time_zone FROM autopilot_seats),
counted AS (
  UPDATE autopilot_touches t SET counted_on = (coalesce(t.sent_at, t.sending_at) AT TIME ZONE z.time_zone)::date
  FROM zones z
  WHERE z.channel = t.channel AND z.id = t.sender_id
    AND ((t.state = 'sent' AND t.sent_at > now() - interval '2 days') OR (t.state = 'scheduled' AND t.sending_at IS NOT NULL))
  RETURNING t.channel, t.sender_id, t.counted_on, t.kind)
INSERT INTO autopilot_sender_days (channel, sender_id, day, touches, invitations)
SELECT channel, sender_id, counted_on, count(*), count(*) FILTER (WHERE kind = 'connection_request')
FROM counted GROUP BY channel, sender_id, counted_on;

-- Down Migration

DROP TRIGGER autopilot_touch_gives_back_its_day ON autopilot_touches;
DROP FUNCTION autopilot_touch_gives_back_its_day();
ALTER TABLE autopilot_touches DROP COLUMN counted_on;
DROP TABLE autopilot_sender_days;
