-- Up Migration

-- Erasure (0007) also reaches the workflow actions' executions (0009): what an execution answered, kept
-- so that HubSpot's retries get the same answer, loses its words about the person (a reason quoting the
-- contact, the brief's summary); the statuses a retry is answered with stay. One function, called by a
-- trigger of its own beside 0007's when a portal's contact is erased, and by the app itself when HubSpot
-- deletes for privacy a contact the Autopilot never took (workflowActions/erasure.ts).
CREATE FUNCTION hubspot_strip_workflow_outputs(portal bigint, contact text) RETURNS integer LANGUAGE sql AS $$
  WITH stripped AS (
    UPDATE hubspot_workflow_executions SET outputs = outputs - 'reason' - 'research_summary'
    WHERE portal_id = portal AND object_id = contact AND outputs ?| ARRAY['reason', 'research_summary']
    RETURNING 1)
  SELECT count(*)::int FROM stripped
$$;

CREATE FUNCTION hubspot_erase_workflow_outputs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.source ~ '^hubspot:[0-9]{1,18}$' THEN
    PERFORM hubspot_strip_workflow_outputs(substr(OLD.source, length('hubspot:') + 1)::bigint, OLD.contact_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER hubspot_contact_erased_workflow_outputs AFTER UPDATE OF erased_at ON autopilot_contacts
  FOR EACH ROW WHEN (OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL) EXECUTE FUNCTION hubspot_erase_workflow_outputs();

-- Down Migration

DROP TRIGGER hubspot_contact_erased_workflow_outputs ON autopilot_contacts;
DROP FUNCTION hubspot_erase_workflow_outputs();
DROP FUNCTION hubspot_strip_workflow_outputs(bigint, text);
