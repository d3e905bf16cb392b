-- Up Migration

-- Each execution of one of the app's workflow actions HubSpot sent, by its callbackId (HubSpot's id of
-- that execution, the same on every retry): a second delivery answers what the first decided and does
-- nothing again. `outputs` is what the action answered or will complete the execution with (null while
-- a research it started is running: the execution is blocked in HubSpot, `state` 'blocked'). A blocked
-- execution's callback is completed from a job ('completed' once HubSpot took it; 'expired' when
-- HubSpot refused it as unknown or too old). `research_id` names the research the execution waits on.
CREATE TABLE hubspot_workflow_executions (
  callback_id text PRIMARY KEY CHECK (char_length(callback_id) BETWEEN 1 AND 200),
  portal_id bigint NOT NULL REFERENCES hubspot_portals (portal_id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('enrol', 'stop', 'research')),
  object_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('answered', 'blocked', 'completed', 'expired')),
  outputs jsonb,
  research_id uuid,
  received_at timestamptz NOT NULL,
  completed_at timestamptz,
  completion_error text
);
CREATE INDEX hubspot_workflow_executions_blocked ON hubspot_workflow_executions (portal_id) WHERE state = 'blocked';

-- Down Migration

DROP TABLE hubspot_workflow_executions;
