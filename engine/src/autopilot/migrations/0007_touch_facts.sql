-- Up Migration

-- The keys of the research facts a sent message was written from (the writer's `facts`): handed back to
-- the writer with the lead's earlier messages, so a follow-up builds on something not used yet.
ALTER TABLE autopilot_touches ADD COLUMN facts text[];

-- Down Migration

ALTER TABLE autopilot_touches DROP COLUMN facts;
