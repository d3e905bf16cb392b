-- Up Migration

-- Routing writes an explanation of about 2 kB with every decision, and the events outbox reads it back
-- (its text) in the same statement: lz4 compresses and decompresses it several times faster than the
-- default pglz. A server built without lz4 keeps pglz (the values read the same either way).
DO $$
BEGIN
  ALTER TABLE autopilot_contacts ALTER COLUMN explanation SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;

-- Down Migration

ALTER TABLE autopilot_contacts ALTER COLUMN explanation SET COMPRESSION default;
