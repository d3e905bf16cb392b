/**
 * The upgrade to contacts with sources, on a database as the last release left it: each contact the
 * app had sent moves to its portal's source (where the portal's records name it; else, in an account
 * with one portal, a HubSpot-shaped id received after the install), its lead follows, its events name
 * the source, and a deletion still on record becomes the contact's lasting `removed_at`.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autopilotModule, createLogger, eventsModule, featureMigrations, migrate, type MigrationStream } from '@prospect-research/engine';
import { createCustomer, newTestDatabase, type TestDatabase } from '@prospect-research/engine/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { hubspotModule } from '../src/module.ts';

const log = createLogger('silent');
const folders: string[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.drop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A feature's migrations as they stood before `first` (a copy of its folder without it and what follows). */
function before(name: string, directory: string, first: string): MigrationStream {
  const folder = mkdtempSync(join(tmpdir(), `migrations-${name}-`));
  folders.push(folder);
  for (const file of readdirSync(directory).filter((file) => file < first)) cpSync(join(directory, file), join(folder, file));
  return featureMigrations(name, folder);
}

const streams = {
  autopilot: autopilotModule().migrations!,
  events: eventsModule().migrations!,
  hubspot: hubspotModule().migrations!,
};

describe('upgrading to contact sources', () => {
  it('moves each contact the app sent to its portal, leaves the API its own, and keeps deletions for good', async () => {
    database = await newTestDatabase('core');
    const { pool } = database;
    await migrate(pool, log, [before('autopilot', streams.autopilot, '0015'), before('events', streams.events, '0005'), before('hubspot', streams.hubspot, '0004')]);

    const two = await createCustomer(pool, { name: 'Two portals' });
    const one = await createCustomer(pool, { name: 'One portal' });
    await pool.query(`INSERT INTO autopilots (account_id, name, name_key, position, fallback, filter, document) VALUES ($1, 'Everyone', 'everyone', 1, false, '{}', '{}')`, [two.account.id]);
    const installed = new Date('2026-06-01T00:00:00Z');
    await pool.query(
      `INSERT INTO hubspot_portals (portal_id, account_id, state, refresh_token, installed_at)
       VALUES (1, $1, 'connected', 'sealed', $3), (2, $1, 'connected', 'sealed', $3), (3, $2, 'connected', 'sealed', $3)`,
      [two.account.id, one.account.id, installed],
    );
    const contact = (accountId: number, id: string, received: string) =>
      pool.query(`INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, next_check_at) VALUES ($1, $2, '{}', $3, $4, $4, $4)`, [
        accountId,
        id,
        `p${id}@example.com`,
        new Date(received),
      ]);
    await contact(two.account.id, '500', '2026-07-01T00:00:00Z'); // written back to portal 1
    await contact(two.account.id, '501', '2026-07-01T00:00:00Z'); // named by portal 2's events, then deleted there
    await contact(two.account.id, '502', '2026-07-01T00:00:00Z'); // named by no portal: two portals, so it stays the API's
    await contact(one.account.id, '600', '2026-07-01T00:00:00Z'); // one portal, a HubSpot id after the install
    await contact(one.account.id, '601', '2026-05-01T00:00:00Z'); // before the install
    await contact(one.account.id, 'crm-7', '2026-07-01T00:00:00Z'); // not a HubSpot id
    await pool.query(`UPDATE autopilot_contacts SET state = 'skipped', reason = 'free_provider', next_check_at = NULL, decided_at = now() WHERE contact_id = '600'`);
    await pool.query(
      `UPDATE autopilot_contacts SET state = 'enrolled', reason = 'matched', autopilot_id = (SELECT id FROM autopilots WHERE account_id = $1), next_check_at = NULL, decided_at = now() WHERE account_id = $1 AND contact_id = '500'`,
      [two.account.id],
    );
    await pool.query(
      `INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, enrolled_at)
       SELECT $1, '500', id, 1, 'matched', false, now() FROM autopilots WHERE account_id = $1`,
      [two.account.id],
    );
    await pool.query(`INSERT INTO hubspot_written (portal_id, contact_id, properties, written_at) VALUES (1, '500', '{}', now())`);
    await pool.query(
      `INSERT INTO hubspot_events (portal_id, event_id, subscription_type, object_id, occurred_at, received_at, event, processed_at, outcome)
       VALUES (2, 1, 'contact.creation', 501, now(), now(), '{}', now(), 'taken'), (2, 2, 'contact.deletion', 501, now(), now(), '{}', '2026-07-02T00:00:00Z', 'withdrawn')`,
    );
    // The lead's enrolment wrote its event (the events outbox's trigger), without a source then.

    const applied = await migrate(pool, log, [featureMigrations('autopilot', streams.autopilot), featureMigrations('events', streams.events), featureMigrations('hubspot', streams.hubspot)]);
    expect(applied).toEqual(expect.arrayContaining(['autopilot/0015_contact_sources', 'events/0005_contact_sources', 'hubspot/0004_contact_sources']));

    const { rows: contacts } = await pool.query('SELECT account_id, source, contact_id, removed_at FROM autopilot_contacts ORDER BY account_id, contact_id');
    expect(contacts.map((row) => [Number(row.account_id), row.contact_id, row.source, row.removed_at?.toISOString() ?? null])).toEqual([
      [two.account.id, '500', 'hubspot:1', null],
      [two.account.id, '501', 'hubspot:2', '2026-07-02T00:00:00.000Z'],
      [two.account.id, '502', 'api', null],
      [one.account.id, '600', 'hubspot:3', null],
      [one.account.id, '601', 'api', null],
      [one.account.id, 'crm-7', 'api', null],
    ]);
    expect((await pool.query('SELECT source, contact_id FROM autopilot_leads')).rows).toEqual([{ source: 'hubspot:1', contact_id: '500' }]);
    expect((await pool.query(`SELECT contact_source, contact_id FROM events WHERE type = 'lead.enrolled'`)).rows).toEqual([{ contact_source: 'hubspot:1', contact_id: '500' }]);
    // The move decided nothing: the skip of 600 has its one event, from before.
    expect((await pool.query(`SELECT contact_id, contact_source FROM events WHERE type LIKE 'contact.%'`)).rows).toEqual([{ contact_id: '600', contact_source: 'hubspot:3' }]);
  });
});
