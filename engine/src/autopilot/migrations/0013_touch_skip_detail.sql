-- Up Migration

-- Why a skipped touch was skipped, in the words of whoever decided it (the channel's provider, the
-- writer): `skip_reason` is the spec's reason, `skip_detail` what a person reading the timeline needs
-- to understand it ("Telegram refuses to start a chat with @anna: privacy settings").
ALTER TABLE autopilot_touches ADD COLUMN skip_detail text;

-- Down Migration

ALTER TABLE autopilot_touches DROP COLUMN skip_detail;
