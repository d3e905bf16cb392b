-- Up Migration

-- A name the owner gives a key when creating it ("n8n production"), so a list of hints can be told apart.
ALTER TABLE api_keys ADD COLUMN label text NOT NULL DEFAULT '';

-- Down Migration

ALTER TABLE api_keys DROP COLUMN label;
