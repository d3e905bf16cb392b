-- Up Migration

-- A seat's warm-up (the spec: "daily limits, sending hours and warm-up apply per mailbox and per seat"):
-- warmup_start_per_day touches on its first day (warmup_started_on), warmup_increase_per_day more each
-- day after, never above the seat's own limits (messages a day; connection requests a day).
ALTER TABLE autopilot_seats
  ADD COLUMN warmup_start_per_day integer CHECK (warmup_start_per_day > 0),
  ADD COLUMN warmup_increase_per_day integer CHECK (warmup_increase_per_day >= 0),
  ADD COLUMN warmup_started_on date,
  ADD CONSTRAINT autopilot_seats_warmup_whole CHECK ((warmup_start_per_day IS NULL) = (warmup_started_on IS NULL) AND (warmup_start_per_day IS NULL) = (warmup_increase_per_day IS NULL));

-- Down Migration

ALTER TABLE autopilot_seats DROP CONSTRAINT autopilot_seats_warmup_whole, DROP COLUMN warmup_started_on, DROP COLUMN warmup_increase_per_day, DROP COLUMN warmup_start_per_day;
