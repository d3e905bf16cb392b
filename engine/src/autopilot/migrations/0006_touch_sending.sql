-- Up Migration

-- A touch being sent right now: set (with its sender_id) in the transaction that checked the sender's
-- daily limit, cleared when the outcome is recorded. A touch in flight counts against its sender's
-- day as a sent one does, so two workers never send past a limit; a second delivery of the touch's job
-- finds it set and leaves the send to the first. One left set by a worker that died mid-send is taken
-- up again once it is older than the send's time limit (see sequence/sendTouch.ts).
ALTER TABLE autopilot_touches ADD COLUMN sending_at timestamptz;
ALTER TABLE autopilot_touches ADD CONSTRAINT autopilot_touches_sending_scheduled CHECK (sending_at IS NULL OR state = 'scheduled');
CREATE INDEX autopilot_touches_in_flight ON autopilot_touches (channel, sender_id) WHERE state = 'scheduled' AND sending_at IS NOT NULL;

-- Down Migration

DROP INDEX autopilot_touches_in_flight;
ALTER TABLE autopilot_touches DROP CONSTRAINT autopilot_touches_sending_scheduled;
ALTER TABLE autopilot_touches DROP COLUMN sending_at;
