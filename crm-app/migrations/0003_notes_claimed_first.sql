-- Up Migration

-- A note's claim is now committed before HubSpot is asked to create it (notes/writeNotes.ts): a row
-- without note_id and refusal is an attempt that did not finish. The next attempt first looks for the
-- note in HubSpot (an earlier attempt may have created it without our learning its id), then creates it.
COMMENT ON TABLE hubspot_notes IS 'Research briefs logged as notes, once per research and portal; a row with neither note_id nor refusal is an unfinished attempt, looked for in HubSpot before a new note is created.';

-- Down Migration

COMMENT ON TABLE hubspot_notes IS NULL;
