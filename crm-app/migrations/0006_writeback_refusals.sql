-- Up Migration

-- Contact updates HubSpot refused for good (writeback/batchUpdate.ts): a 4xx for the contact alone, or
-- an error naming it in a multi-status (207) answer, such as a contact deleted in HubSpot
-- (OBJECT_NOT_FOUND) or a value a property does not take (VALIDATION_ERROR). The contact is not sent
-- again while its desired values are the ones refused (`properties_md5`: md5 of their jsonb text, not
-- the values: they hold the brief's summary) and the portal has not been set up again since. What
-- HubSpot said is kept as it said it.
CREATE TABLE hubspot_refused (
  portal_id bigint NOT NULL,
  contact_id text NOT NULL,
  properties_md5 text NOT NULL,
  -- HubSpot's HTTP status: of the whole answer when it refused the contact alone, 207 for an error of a multi-status answer.
  status integer NOT NULL,
  category text,
  message text NOT NULL,
  refused_at timestamptz NOT NULL,
  PRIMARY KEY (portal_id, contact_id)
);

-- Down Migration

DROP TABLE hubspot_refused;
