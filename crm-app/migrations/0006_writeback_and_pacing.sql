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

-- HubSpot's rate-limit window of each portal as its latest answer described it
-- (X-HubSpot-RateLimit-Max, -Remaining, -Interval-Milliseconds, -Daily-Remaining), and the requests
-- sent since by any process (pacing.ts): every HubSpot call of a portal reads it first and waits, or
-- queues its job later, when the window's remaining requests run low.
CREATE TABLE hubspot_rate_windows (
  portal_id bigint PRIMARY KEY,
  max_requests integer NOT NULL,
  remaining integer NOT NULL,
  interval_ms integer NOT NULL,
  daily_remaining bigint,
  observed_at timestamptz NOT NULL,
  sent integer NOT NULL DEFAULT 0
);

-- Down Migration

DROP TABLE hubspot_rate_windows;
DROP TABLE hubspot_refused;
