-- Up Migration

-- An account that has an owner keeps one. `users remove` refuses its last owner in words (users.ts) and
-- an invitation never lowers a role (invitations.ts); this refuses any other way of losing the last
-- owner (a membership deleted or changed by hand, a user deleted with theirs). Deleting the account
-- itself takes its memberships with it and is let through.
CREATE FUNCTION memberships_keep_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'owner'
     AND (TG_OP = 'DELETE' OR NEW.role <> 'owner' OR NEW.account_id <> OLD.account_id)
     AND EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id)
     AND NOT EXISTS (SELECT 1 FROM memberships WHERE account_id = OLD.account_id AND role = 'owner') THEN
    RAISE EXCEPTION 'account % would be left without an owner: make another member its owner first', OLD.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'memberships_keep_an_owner';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER memberships_keep_an_owner AFTER UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION memberships_keep_an_owner();

-- Down Migration

DROP TRIGGER memberships_keep_an_owner ON memberships;
DROP FUNCTION memberships_keep_an_owner();
