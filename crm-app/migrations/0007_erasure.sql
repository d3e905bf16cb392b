-- Up Migration

-- Erasure (the engine's autopilot migration 0017, docs/autopilot.md "Erasing a contact"): when a contact
-- of a portal's source is erased, whichever way the erasure came (HubSpot's contact.privacyDeletion, the
-- API's DELETE /autopilot/contacts/{id}?erase=true&source=hubspot:<portal>, `prospect-engine contacts
-- erase`), the app's own copies of the person go in the same transaction:
-- - its webhook events keep their ids, types and times (processing orders and dedupes by them) and lose
--   the property values they carried (`property_value`, the event's `propertyValue`);
-- - what writeback last wrote to it (`hubspot_written`: the research summary among it) and what HubSpot
--   said when it refused an update of it (`hubspot_refused`: its words may quote the values) are
--   deleted: nothing is written to a removed contact again, so nothing needs to compare with them;
-- - its research notes keep their ids (a note is logged once per research) and lose HubSpot's words of
--   a refusal, keeping its status.
CREATE FUNCTION hubspot_erase_contact_copies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  portal bigint;
BEGIN
  IF OLD.source !~ '^hubspot:[0-9]{1,18}$' THEN
    RETURN NULL;
  END IF;
  portal := substr(OLD.source, length('hubspot:') + 1)::bigint;
  IF OLD.contact_id ~ '^[0-9]{1,18}$' THEN
    UPDATE hubspot_events SET property_value = NULL, event = event - 'propertyValue'
    WHERE portal_id = portal AND object_id = OLD.contact_id::bigint
      AND (subscription_type LIKE 'contact.%' OR event ->> 'objectTypeId' IN ('0-1', 'contact'))
      AND (property_value IS NOT NULL OR event ? 'propertyValue');
  END IF;
  DELETE FROM hubspot_written WHERE portal_id = portal AND contact_id = OLD.contact_id;
  DELETE FROM hubspot_refused WHERE portal_id = portal AND contact_id = OLD.contact_id;
  UPDATE hubspot_notes SET contact_id = NEW.contact_id,
         refusal = CASE WHEN refusal IS NULL THEN NULL ELSE jsonb_build_object('status', refusal -> 'status') END
  WHERE portal_id = portal AND contact_id = OLD.contact_id;
  RETURN NULL;
END $$;

CREATE TRIGGER hubspot_contact_erased AFTER UPDATE OF erased_at ON autopilot_contacts
  FOR EACH ROW WHEN (OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL) EXECUTE FUNCTION hubspot_erase_contact_copies();

-- HubSpot delivers out of order and retries for a day: a property change of an erased contact arriving
-- after its erasure is stored without its value (processing then finds the contact erased: unknown_contact).
CREATE FUNCTION hubspot_events_of_erased_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM hubspot_portals p JOIN autopilot_contacts c ON c.account_id = p.account_id AND c.source = 'hubspot:' || p.portal_id
             WHERE p.portal_id = NEW.portal_id AND c.contact_id = NEW.object_id::text AND c.erased_at IS NOT NULL) THEN
    NEW.property_value := NULL;
    NEW.event := NEW.event - 'propertyValue';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER hubspot_events_erased BEFORE INSERT ON hubspot_events
  FOR EACH ROW WHEN ((NEW.property_value IS NOT NULL OR NEW.event ? 'propertyValue')
                     AND (NEW.subscription_type LIKE 'contact.%' OR NEW.event ->> 'objectTypeId' IN ('0-1', 'contact')))
  EXECUTE FUNCTION hubspot_events_of_erased_contacts();

-- Down Migration

DROP TRIGGER hubspot_events_erased ON hubspot_events;
DROP FUNCTION hubspot_events_of_erased_contacts();
DROP TRIGGER hubspot_contact_erased ON autopilot_contacts;
DROP FUNCTION hubspot_erase_contact_copies();
