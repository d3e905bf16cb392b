import type { PoolClient } from '../platform/database/database.ts';
import type { DemoContact } from './contacts.ts';

/**
 * What happened to the demo's leads, in the engine's own tables, each step one statement over every
 * lead: their research (completed briefs with provenance) and its credits, the leads, their touches
 * (sent with their messages, skipped with the provider's words, held, cancelled, still to go), how they
 * ended, and what answered them (replies on every channel, wins logged in the CRM, bounces,
 * auto-replies, unsubscribes, a stop property), and their events in the outbox: lead.enrolled by the
 * outbox's own trigger, the touches' and endings' written here as its triggers write them (their update
 * triggers join a statement's old and new rows, which is quadratic at this size). Runs in the caller's transaction.
 */
export async function insertHistory(client: PoolClient, accountId: number, contacts: DemoContact[], now: Date): Promise<void> {
  const leads = contacts.filter((contact) => contact.lead !== null);
  if (leads.length === 0) return;
  const lead = (contact: DemoContact) => contact.lead!;
  await client.query(
    `CREATE TEMP TABLE demo_leads ON COMMIT DROP AS
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::text[], $5::timestamptz[], $6::uuid[], $7::text[], $8::timestamptz[])
       AS d (contact_id, autopilot_id, revision, enrolled_by, enrolled_at, research_id, end_reason, ended_at)`,
    [
      leads.map((c) => c.contactId),
      leads.map((c) => lead(c).autopilotId),
      leads.map((c) => lead(c).revision),
      leads.map((c) => lead(c).enrolledBy),
      leads.map((c) => lead(c).enrolledAt),
      leads.map((c) => lead(c).researchId),
      leads.map((c) => lead(c).endReason),
      leads.map((c) => lead(c).endedAt),
    ],
  );
  for (const statement of STATEMENTS) {
    // Each statement takes $1 (the account) and $2 (now) as far as it uses them.
    const uses = statement.includes('$2') ? [accountId, now] : statement.includes('$1') ? [accountId] : [];
    await client.query(statement, uses);
  }
}

/** A number from 0 to 99 that a row's id and a purpose always give: the seeded choices SQL makes. */
const roll = (key: string) => `(abs(hashtext(${key})) % 100)`;

const WINS = `('replied', 'call_connected', 'meeting_booked', 'invite_accepted')`;

const STATEMENTS = [
  `ANALYZE demo_leads`,
  // Only a lead whose Autopilot sends connection requests (and stops on their acceptance) can win by one.
  `UPDATE demo_leads d SET end_reason = 'replied' FROM autopilots a
   WHERE a.id = d.autopilot_id AND d.end_reason = 'invite_accepted' AND NOT coalesce((a.document->'stop_conditions'->>'invite_accepted')::boolean, false)`,
  // A lead ends its sequence a day after its last step, so a lead whose last step is not yet due stays active.
  `UPDATE demo_leads d SET end_reason = CASE WHEN fin.at <= $2::timestamptz THEN 'sequence_ended' END, ended_at = CASE WHEN fin.at <= $2::timestamptz THEN fin.at END
   FROM (SELECT e.contact_id, date_trunc('minute', e.enrolled_at) + last.last_day * interval '1 day' + interval '3 hours' AS at
         FROM demo_leads e JOIN (SELECT a.id, max((s->>'day')::int) AS last_day FROM autopilots a, jsonb_array_elements(a.document->'sequence') s
                                 WHERE a.account_id = $1 GROUP BY a.id) last ON last.id = e.autopilot_id) fin
   WHERE d.end_reason = 'sequence_ended' AND fin.contact_id = d.contact_id`,

  // Research: one completed brief per lead, written from the contact as the sources would have found it.
  `INSERT INTO research_jobs (id, account_id, product_id, email, request, language, decision_makers, status, result, from_cache, created_at, started_at, finished_at, writer_calls, rejections)
   SELECT d.research_id, $1, acc.current_product_id, c.email, '{}', 'en', true, 'completed',
     jsonb_build_object(
       'prospect', jsonb_build_object(
         'id', n, 'name', (p->>'firstname') || ' ' || (p->>'lastname'), 'title', p->>'jobtitle', 'company', p->>'company', 'email', c.email,
         'linkedin_url', p->>'linkedin_url', 'photo', NULL, 'last_role_start', to_char(d.enrolled_at - (200 + n % 900) * interval '1 day', 'YYYY-MM-DD'),
         'summary', format('%s is %s at %s, a %s company of about %s people based in %s. They joined %s %s months ago and post about outbound and hiring.',
                           p->>'firstname', p->>'jobtitle', p->>'company', p->>'industry', p->>'numberofemployees', p->>'city', p->>'company', 7 + n % 30),
         'opening_talk', jsonb_build_array(
           format('Your post about rebuilding the %s team’s outbound last month', p->>'company'),
           format('How %s researches prospects before the first call', p->>'company')),
         'posts', jsonb_build_array(jsonb_build_object(
           'text', format('We grew %s’s pipeline by 40%% this quarter without adding headcount. The trick: fewer, better researched conversations.', p->>'company'),
           'posted', to_char(d.enrolled_at - (3 + n % 20) * interval '1 day', 'YYYY-MM-DD HH24:MI:SS'),
           'post_url', format('https://www.linkedin.com/feed/update/urn:li:activity:%s', 7200000000000000000 + n), 'reshared', false,
           'summary', 'Pipeline grew 40% this quarter without new hires, credited to better research.'))),
       'company', jsonb_build_object(
         'id', n, 'name', p->>'company', 'description', format('%s builds software for %s teams, from its home in %s.', p->>'company', p->>'industry', p->>'city'),
         'linkedin_url', format('https://www.linkedin.com/company/%s', lower(p->>'company')), 'website', format('https://%s', split_part(c.email, '@', 2)),
         'industry', p->>'industry', 'hq', (p->>'city') || ', ' || (p->>'country'), 'revenue', NULL, 'employees', p->>'numberofemployees',
         'technologies', (ARRAY['["HubSpot", "Segment", "React"]', '["Salesforce", "Snowflake", "dbt"]', '["Pipedrive", "Stripe", "Vue.js"]'])[1 + n % 3]::jsonb,
         'problems', jsonb_build_array('Reps spend hours researching each prospect', 'Reply rates on generic sequences keep falling'),
         'services', jsonb_build_array(format('Software for %s', p->>'industry'), 'Onboarding and support'),
         'icp', jsonb_build_array('Mid-sized B2B companies', 'Revenue teams of 5 to 50'),
         'synergy_points', jsonb_build_array(format('%s could cut research time per prospect from 20 minutes to one', p->>'company')),
         'discovery_questions', jsonb_build_array('How do your reps prepare for a first call today?', 'Which channel answers best for you: e-mail or the professional network?'),
         'clients', NULL,
         'news', jsonb_build_array(jsonb_build_object(
           'summary', format('%s opens a second office and hires a head of sales', p->>'company'), 'url', format('https://news.example/%s-expands', lower(p->>'company')),
           'date', to_char(d.enrolled_at - (10 + n % 60) * interval '1 day', 'YYYY-MM'))),
         'insights', jsonb_build_array(format('%s is hiring three account executives', p->>'company')),
         'posts', NULL),
       'decision_makers', jsonb_build_array(
         jsonb_build_object('id', 1000000 + n, 'full_name', (ARRAY['Clara Hoffmann', 'Pierre Moreau', 'Megan Clarke', 'Tomasz Zielinski'])[1 + n % 4],
                            'position_title', (ARRAY['VP Sales', 'Chief Revenue Officer', 'Head of Sales Development', 'COO'])[1 + n % 4],
                            'linkedin_url', format('https://www.linkedin.com/in/decision-maker-%s', n), 'picture_url', NULL, 'location_text', p->>'city', 'company_name', p->>'company')),
       'provenance', jsonb_build_object(
         'degraded', false,
         'fields', jsonb_build_object(
           '/prospect/name', jsonb_build_array(jsonb_build_object('source', 'apollo', 'fetched_at', fetched)),
           '/prospect/title', jsonb_build_array(jsonb_build_object('source', 'apollo', 'fetched_at', fetched), jsonb_build_object('source', 'unipile', 'fetched_at', fetched)),
           '/prospect/linkedin_url', jsonb_build_array(jsonb_build_object('source', 'apollo', 'fetched_at', fetched)),
           '/prospect/posts', jsonb_build_array(jsonb_build_object('source', 'unipile', 'fetched_at', fetched)),
           '/company/description', jsonb_build_array(jsonb_build_object('source', 'website', 'fetched_at', fetched)),
           '/company/employees', jsonb_build_array(jsonb_build_object('source', 'peopledatalabs', 'fetched_at', fetched)),
           '/company/technologies', jsonb_build_array(jsonb_build_object('source', 'technologies', 'fetched_at', fetched)),
           '/company/news', jsonb_build_array(jsonb_build_object('source', 'googlenews', 'fetched_at', fetched)),
           '/decision_makers', jsonb_build_array(jsonb_build_object('source', 'apollo', 'fetched_at', fetched))),
         'sources', jsonb_build_array(
           jsonb_build_object('source', 'apollo', 'part', 'person', 'outcome', 'found', 'at', fetched, 'cached', false, 'failure', NULL),
           jsonb_build_object('source', 'peopledatalabs', 'part', 'company', 'outcome', 'found', 'at', fetched, 'cached', n % 4 = 0, 'failure', NULL),
           jsonb_build_object('source', 'website', 'part', 'company', 'outcome', 'found', 'at', fetched, 'cached', false, 'failure', NULL),
           jsonb_build_object('source', 'technologies', 'part', 'technologies', 'outcome', 'found', 'at', fetched, 'cached', false, 'failure', NULL),
           jsonb_build_object('source', 'unipile', 'part', 'prospect_posts', 'outcome', 'found', 'at', fetched, 'cached', false, 'failure', NULL),
           jsonb_build_object('source', 'googlenews', 'part', 'news', 'outcome', CASE WHEN n % 9 = 0 THEN 'failed' ELSE 'found' END, 'at', fetched, 'cached', false,
                              'failure', CASE WHEN n % 9 = 0 THEN 'timeout' END),
           jsonb_build_object('source', 'apollo', 'part', 'decision_makers', 'outcome', 'found', 'at', fetched, 'cached', false, 'failure', NULL)),
         'decision_makers', 'found')),
     false, d.enrolled_at, d.enrolled_at + interval '2 seconds', d.enrolled_at + (20 + n % 40) * interval '1 second', 3, '[]'
   FROM (SELECT d.*, row_number() OVER (ORDER BY d.enrolled_at, d.contact_id) AS n, to_char(d.enrolled_at AT TIME ZONE 'UTC' + interval '9 seconds', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"') AS fetched
         FROM demo_leads d) d
   JOIN autopilot_contacts c ON c.account_id = $1 AND c.source = 'api' AND c.contact_id = d.contact_id
   CROSS JOIN LATERAL (SELECT c.properties AS p) props
   CROSS JOIN accounts acc WHERE acc.id = $1`,

  // Credits: a debit per research, in the billing cycle it fell in; the pool sized so that the busiest cycle used 90% of it.
  `UPDATE accounts SET plan = 'enterprise', billing_anchor = date_trunc('day', $2::timestamptz - interval '180 days'),
     monthly_credits = greatest(100, ceil((SELECT max(n) FROM (SELECT count(*) AS n FROM demo_leads GROUP BY billing_cycle_start(date_trunc('day', $2::timestamptz - interval '180 days'), enrolled_at)) per) / 0.9))
   WHERE id = $1`,
  `INSERT INTO credit_cycles (account_id, cycle_start, used)
   SELECT $1, billing_cycle_start(a.billing_anchor, d.enrolled_at), count(*) FROM demo_leads d, accounts a WHERE a.id = $1 GROUP BY 2
   ON CONFLICT (account_id, cycle_start) DO UPDATE SET used = credit_cycles.used + excluded.used`,
  `INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind, created_at)
   SELECT $1, billing_cycle_start(a.billing_anchor, d.enrolled_at), d.research_id, 'debit', d.enrolled_at FROM demo_leads d, accounts a WHERE a.id = $1`,

  // The leads, oldest first so that ids grow with time as they do in live use (the outbox's trigger writes their lead.enrolled).
  // (Written with how each ended: the outbox's trigger on ending joins a statement's old and new rows, which at 100,000 leads takes minutes.)
  `INSERT INTO autopilot_leads (account_id, source, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_id, research_reused, outcome, end_reason, enrolled_at, ended_at)
   SELECT $1, 'api', d.contact_id, d.autopilot_id, d.revision, d.enrolled_by, d.research_id, false,
          CASE WHEN d.end_reason IS NULL THEN 'Active' WHEN d.end_reason IN ${WINS} THEN 'Responded' ELSE 'Closed' END, d.end_reason, d.enrolled_at, d.ended_at
   FROM demo_leads d ORDER BY d.enrolled_at, d.contact_id`,
  `CREATE TEMP TABLE demo_lead_rows ON COMMIT DROP AS
   SELECT l.id, c.email, c.properties AS p, l.enrolled_at, d.end_reason, d.ended_at, a.document->'sequence' AS sequence
   FROM demo_leads d JOIN autopilot_leads l ON l.account_id = $1 AND l.source = 'api' AND l.contact_id = d.contact_id
   JOIN autopilot_contacts c ON c.account_id = $1 AND c.source = 'api' AND c.contact_id = d.contact_id
   JOIN autopilots a ON a.id = d.autopilot_id`,
  `CREATE INDEX ON demo_lead_rows (id)`,
  // Temporary tables are never analysed by autovacuum: without statistics the planner guesses badly at 100,000 rows.
  `ANALYZE demo_lead_rows`,

  // Every step of each lead's sequence, planned from its enrolment: sent with its message, or skipped in the provider's words, before its
  // lead ended (or before now); the rest of an ended lead cancelled, of an active one still to go.
  `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, state, due_at, sent_at, ended_at, skip_reason, skip_detail, held_reason, sender_id,
                                  subject, body, facts, message_id)
     SELECT $1::bigint, r.id, t.step, t.spec, t.channel, t.kind, t.planned_at, st.state,
       CASE WHEN st.state = 'scheduled' THEN later.due_at ELSE happened.due_at END AS due_at,
       CASE WHEN st.state = 'sent' THEN happened.at END AS sent_at,
       CASE WHEN st.state = 'cancelled' THEN r.ended_at WHEN st.state <> 'scheduled' THEN happened.at END AS ended_at,
       CASE WHEN st.state = 'skipped' THEN skip.reason END AS skip_reason,
       CASE WHEN st.state = 'skipped' THEN skip.detail END AS skip_detail,
       CASE WHEN st.state = 'scheduled' THEN later.held_reason
            WHEN h BETWEEN 10 AND 19 AND st.state <> 'cancelled' THEN format('Outside the sending window (09:00 to 17:00, Europe/Berlin, Monday to Friday): held until %s',
                                                 to_char(happened.due_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD HH24:MI')) END AS held_reason,
       CASE WHEN st.state IN ('cancelled', 'scheduled') THEN NULL WHEN t.channel = 'email' THEN mailboxes.ids[1 + h % 2]
            ELSE (senders.seats->>t.channel)::bigint END AS sender_id,
       CASE WHEN st.state = 'sent' AND t.channel = 'email' AND t.spec->>'subject_angle' IS NOT NULL THEN format('%s, %s?', r.p->>'firstname', lower(t.spec->>'subject_angle')) END AS subject,
       CASE WHEN st.state <> 'sent' THEN NULL
            WHEN t.kind = 'connection_request' THEN CASE WHEN t.spec->>'note' = 'false' THEN NULL ELSE format('Hi %s, we both work on outbound in %s; happy to connect.', r.p->>'firstname', r.p->>'country') END
            WHEN t.channel = 'email' THEN format(E'Hi %s,\n\n%s\n\n%s\n\nMaya Keller\nHead of Growth, Pipeline Studio', r.p->>'firstname', line.first, line.second)
            ELSE format('Hi %s, Maya from Pipeline Studio. %s', r.p->>'firstname', line.first) END AS body,
       CASE WHEN st.state = 'sent' THEN ARRAY['prospect.posts.0', 'company.news.0'] END AS facts,
       CASE WHEN st.state = 'sent' THEN CASE t.channel WHEN 'email' THEN format('<%s.%s.demo@pipeline-studio.example>', r.id, t.step) ELSE format('demo-msg-%s-%s', r.id, t.step) END END AS message_id
     FROM demo_lead_rows r CROSS JOIN LATERAL jsonb_array_elements(r.sequence) WITH ORDINALITY AS s (spec, ord)
     CROSS JOIN LATERAL (SELECT (s.ord - 1)::int AS step, s.spec, s.spec->>'channel' AS channel, s.spec->>'kind' AS kind,
                                date_trunc('minute', r.enrolled_at) + ((s.spec->>'day')::int - 1) * interval '1 day' + s.ord * interval '4 minutes' AS planned_at) t
     CROSS JOIN LATERAL (SELECT ${roll("r.id || ':' || t.step")} AS h) hash
     CROSS JOIN LATERAL (SELECT CASE WHEN h BETWEEN 10 AND 19 THEN t.planned_at + interval '17 hours' ELSE t.planned_at END AS due_at) held
     CROSS JOIN LATERAL (SELECT held.due_at, held.due_at + (3 + h % 40) * interval '1 minute' AS at) happened
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM autopilot_mailboxes WHERE account_id = $1) mailboxes
     CROSS JOIN (SELECT jsonb_object_agg(channel, id) AS seats FROM autopilot_seats WHERE account_id = $1) senders
     CROSS JOIN LATERAL (SELECT
       CASE WHEN (t.spec->>'warm_only')::boolean AND h < 45 THEN 'never_warmed_up'
            WHEN h >= 8 THEN NULL
            WHEN t.channel = 'email' THEN 'could_not_write'
            WHEN t.kind = 'connection_request' THEN 'already_connected'
            WHEN t.channel = 'linkedin' THEN 'provider_refused'
            WHEN t.channel = 'whatsapp' THEN 'no_phone_number'
            ELSE 'provider_refused' END AS reason,
       CASE WHEN (t.spec->>'warm_only')::boolean AND h < 45 THEN 'the lead never accepted the connection request nor replied: this step waits for a warm lead, and three weeks passed'
            WHEN h >= 8 THEN NULL
            WHEN t.channel = 'email' THEN 'the writer could not write a message the grounding checks accepted: each draft claimed a funding round no source mentions'
            WHEN t.kind = 'connection_request' THEN format('%s is already a first-degree connection of the seat', r.p->>'linkedin_url')
            WHEN t.channel = 'linkedin' THEN 'the network refused the message (errors/not_allowed_inmail: "You can only message first-degree connections or InMail recipients")'
            WHEN t.channel = 'whatsapp' THEN format('no WhatsApp account uses %s', r.p->>'phone')
            ELSE format('Telegram would not open a conversation with %s (errors/privacy_restricted: "The user''s privacy settings do not allow you to do this"); their privacy settings allow messages only from people they know', r.p->>'telegram') END AS detail) skip
     -- Still to go: due when planned, some held by a limit, and every one of the chat app's held by its disconnected seat.
     CROSS JOIN LATERAL (SELECT
       CASE WHEN t.channel = 'telegram' THEN greatest(t.planned_at, $2::timestamptz + interval '1 hour') ELSE greatest(t.planned_at, $2::timestamptz + interval '5 minutes') END AS due_at,
       CASE WHEN t.channel = 'telegram' THEN 'The seat "Maya on Telegram" is disconnected (the provider says: CREDENTIALS, the session was signed out on another device): held until it is reconnected'
            WHEN h < 15 THEN format('The daily limit of %s is reached for today: held until tomorrow''s window', CASE t.channel WHEN 'email' THEN '60 e-mails' ELSE '50 messages' END) END AS held_reason) later
     CROSS JOIN LATERAL (SELECT CASE WHEN happened.at > coalesce(r.ended_at, $2::timestamptz) THEN CASE WHEN r.ended_at IS NULL THEN 'scheduled' ELSE 'cancelled' END WHEN skip.reason IS NOT NULL THEN 'skipped' ELSE 'sent' END AS state) st
     CROSS JOIN LATERAL (SELECT
       CASE t.step % 5
         WHEN 0 THEN format('You downloaded our outbound guide, so I wondered: how does %s book its first meetings today?', r.p->>'company')
         WHEN 1 THEN format('Teams in %s often tell us research eats half of each rep''s day. I noticed %s is hiring account executives, so it may be on your mind too.', r.p->>'industry', r.p->>'company')
         WHEN 2 THEN format('A company of %s people in %s cut the time to a first meeting by a third by writing from a one-page brief on each prospect.', r.p->>'numberofemployees', r.p->>'city')
         WHEN 3 THEN format('Your post about growing %s''s pipeline without new hires stuck with me: fewer, better researched conversations is exactly what we build for.', r.p->>'company')
         ELSE 'Would a 20-minute teardown of your current sequence be useful? No slides, just what we would change.' END AS first,
       (ARRAY['Worth a short call next week? Here is my calendar: https://cal.example/demo',
              'If it is not a priority right now, just say so and I will not follow up.',
              'Happy to send the one-page brief we would have written about you, so you can judge for yourself.'])[1 + t.step % 3] AS second) line
     ORDER BY r.id, t.step`,

  // Their touch.sent and touch.skipped events, as the outbox's trigger writes them when a touch goes out.
  `INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_source, contact_id, data)
   SELECT t.account_id, 'touch.' || t.state, coalesce(t.sent_at, t.ended_at), l.autopilot_id, t.lead_id, l.source, l.contact_id,
          jsonb_build_object('touch_id', t.id, 'step', t.step, 'channel', t.channel, 'kind', t.kind, 'skip_reason', t.skip_reason, 'subject', t.subject, 'research_id', l.research_id)
   FROM autopilot_touches t JOIN demo_lead_rows r ON r.id = t.lead_id JOIN autopilot_leads l ON l.id = t.lead_id
   WHERE t.state IN ('sent', 'skipped') ORDER BY coalesce(t.sent_at, t.ended_at), t.id`,

  `ANALYZE autopilot_touches`,

  // Their lead.responded and lead.closed events, as the outbox's trigger writes them when a lead ends.
  `INSERT INTO events (account_id, type, occurred_at, autopilot_id, lead_id, contact_source, contact_id, data)
   SELECT l.account_id, CASE WHEN l.outcome = 'Responded' THEN 'lead.responded' ELSE 'lead.closed' END, l.ended_at, l.autopilot_id, l.id, l.source, l.contact_id,
          jsonb_build_object('contact', events_contact(c), 'autopilot', a.name, 'outcome', l.outcome, 'end_reason', l.end_reason, 'research_id', l.research_id)
   FROM demo_lead_rows r JOIN autopilot_leads l ON l.id = r.id
   JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
   JOIN autopilots a ON a.id = l.autopilot_id
   WHERE l.outcome <> 'Active' ORDER BY l.ended_at, l.id`,

  // What ended them: a reply on the channel of the last message sent, a call or meeting logged in the CRM, an accepted invitation, an unsubscribe, a stop property.
  `INSERT INTO autopilot_lead_events (account_id, lead_id, kind, channel, occurred_at, received_at, dedupe_key, effect, end_reason, detail)
   SELECT $1, r.id, kind, channel, r.ended_at - interval '2 minutes', r.ended_at, format('demo:%s:%s', kind, r.id), 'ended_lead', r.end_reason, detail
   FROM demo_lead_rows r
   CROSS JOIN LATERAL (SELECT t.channel AS last_channel FROM autopilot_touches t WHERE t.lead_id = r.id AND t.state = 'sent' AND t.sent_at <= r.ended_at ORDER BY t.step DESC LIMIT 1) sent
   CROSS JOIN LATERAL (SELECT
     CASE r.end_reason WHEN 'replied' THEN 'reply' WHEN 'call_connected' THEN 'call' WHEN 'meeting_booked' THEN 'meeting' WHEN 'invite_accepted' THEN 'connection'
                       WHEN 'unsubscribed' THEN 'unsubscribe' WHEN 'property_changed' THEN 'property_change' END AS kind,
     CASE r.end_reason WHEN 'replied' THEN sent.last_channel WHEN 'invite_accepted' THEN 'linkedin' END AS channel,
     CASE r.end_reason
       WHEN 'replied' THEN jsonb_build_object('text', (ARRAY[
         format('Hi Maya, thanks for reaching out. We are actually reviewing how %s does outbound this quarter. Could you send the brief you mentioned?', r.p->>'company'),
         'Interesting timing. Can we talk Thursday afternoon?',
         'Not a priority for us right now, maybe in Q3. Thanks anyway!',
         format('Please talk to my colleague who runs sales development at %s, I have copied her.', r.p->>'company')])[1 + r.id % 4])
       WHEN 'call_connected' THEN jsonb_build_object('source', 'crm', 'id', format('call-%s', r.id), 'connected', true, 'disposition', 'f240bbac-87c9-4f6e-bf70-924b57d47db7')
       WHEN 'meeting_booked' THEN jsonb_build_object('source', 'crm', 'id', format('meeting-%s', r.id))
       WHEN 'property_changed' THEN jsonb_build_object('property', 'lifecyclestage', 'value', 'customer', 'from', 'opportunity', 'to', 'customer')
       ELSE '{}'::jsonb END AS detail) what
   WHERE r.end_reason IN ('replied', 'call_connected', 'meeting_booked', 'invite_accepted', 'unsubscribed', 'property_changed') AND (r.end_reason <> 'replied' OR sent.last_channel IS NOT NULL)`,

  // Hard bounces: a few active leads' address stopped accepting mail after an e-mail went out; their e-mail steps still to go are skipped.
  `CREATE TEMP TABLE demo_bounces ON COMMIT DROP AS
   SELECT r.id AS lead_id, r.email, t.sender_id AS mailbox_id, t.sent_at + interval '4 minutes' AS at
   FROM demo_lead_rows r CROSS JOIN LATERAL (SELECT * FROM autopilot_touches t WHERE t.lead_id = r.id AND t.channel = 'email' AND t.state = 'sent' ORDER BY t.step DESC LIMIT 1) t
   WHERE r.end_reason IS NULL AND ${roll("'bounce' || r.id")} < 3`,
  `ANALYZE demo_bounces`,
  `INSERT INTO autopilot_lead_events (account_id, lead_id, kind, channel, occurred_at, received_at, dedupe_key, effect, end_reason, detail)
   SELECT $1, b.lead_id, 'bounce', 'email', b.at, b.at + interval '1 minute', format('demo:bounce:%s', b.lead_id), 'skipped_touches', NULL, '{}' FROM demo_bounces b`,
  `UPDATE autopilot_touches t SET state = 'skipped', skip_reason = 'address_bounced', ended_at = b.at + interval '1 minute', held_reason = NULL,
     skip_detail = format('%s stopped accepting mail (550 5.1.1 <%s>: Recipient address rejected: User unknown in virtual mailbox table)', b.email, b.email)
   FROM demo_bounces b WHERE t.lead_id = b.lead_id AND t.channel = 'email' AND t.state = 'scheduled'`,

  // What each mailbox and seat read: the replies, the bounces, and out-of-office auto-replies that are never taken for replies.
  `INSERT INTO autopilot_email_inbound (mailbox_id, message_id, kind, lead_id, from_address, subject, received_at)
   SELECT t.sender_id, format('<reply-%s@%s>', e.lead_id, split_part(r.email, '@', 2)), 'reply', e.lead_id, r.email, 'Re: your message', e.received_at
   FROM autopilot_lead_events e JOIN demo_lead_rows r ON r.id = e.lead_id
   CROSS JOIN LATERAL (SELECT sender_id FROM autopilot_touches t WHERE t.lead_id = e.lead_id AND t.channel = 'email' AND t.state = 'sent' ORDER BY t.step DESC LIMIT 1) t
   WHERE e.account_id = $1 AND e.kind = 'reply' AND e.channel = 'email'
   UNION ALL
   SELECT b.mailbox_id, format('<bounce-%s@mx.pipeline-studio.example>', b.lead_id), 'bounce', b.lead_id, 'MAILER-DAEMON@mx.pipeline-studio.example', 'Undelivered Mail Returned to Sender', b.at
   FROM demo_bounces b
   UNION ALL
   SELECT t.sender_id, format('<ooo-%s@%s>', r.id, split_part(r.email, '@', 2)), 'auto_reply', r.id, r.email,
          (ARRAY['Automatic reply: ', 'Out of Office: ', 'Abwesenheitsnotiz: ', 'Réponse automatique : '])[1 + r.id % 4] || coalesce(t.subject, 'your message'), t.sent_at + interval '1 minute'
   FROM demo_lead_rows r CROSS JOIN LATERAL (SELECT * FROM autopilot_touches t WHERE t.lead_id = r.id AND t.channel = 'email' AND t.state = 'sent' ORDER BY t.step LIMIT 1) t
   WHERE ${roll("'ooo' || r.id")} < 6`,
  `INSERT INTO autopilot_channel_threads (lead_id, channel, account_id, seat_id, provider_user_id, chat_id, invitation_id, invited_at, connected_at, created_at)
   SELECT t.lead_id, t.channel, $1, t.sender_id, format('demo-%s-%s', t.channel, t.lead_id), CASE WHEN bool_or(t.kind = 'message') THEN format('chat-%s-%s', t.channel, t.lead_id) END,
          CASE WHEN t.channel = 'linkedin' AND bool_or(t.kind = 'connection_request') THEN format('invitation-%s', t.lead_id) END,
          min(t.sent_at) FILTER (WHERE t.kind = 'connection_request'),
          CASE WHEN t.channel = 'linkedin' THEN min(t.sent_at) FILTER (WHERE t.kind = 'message') END, min(t.sent_at)
   FROM autopilot_touches t JOIN demo_lead_rows r ON r.id = t.lead_id
   WHERE t.channel <> 'email' AND t.state = 'sent' GROUP BY t.lead_id, t.channel, t.sender_id`,
  `INSERT INTO autopilot_unipile_inbound (seat_id, event_key, kind, lead_id, via, received_at)
   SELECT th.seat_id, format('message:demo-reply-%s', e.lead_id), 'reply', e.lead_id, 'webhook', e.received_at
   FROM autopilot_lead_events e JOIN autopilot_channel_threads th ON th.lead_id = e.lead_id AND th.channel = e.channel
   WHERE e.account_id = $1 AND e.kind IN ('reply') AND e.channel <> 'email'
   UNION ALL
   SELECT th.seat_id, format('relation:demo-linkedin-%s', e.lead_id), 'invite_accepted', e.lead_id, 'poll', e.received_at
   FROM autopilot_lead_events e JOIN autopilot_channel_threads th ON th.lead_id = e.lead_id AND th.channel = 'linkedin'
   WHERE e.account_id = $1 AND e.kind = 'connection'`,
  // Each sender's days as the claims of its touches sent would have counted them: what pacing and the mailboxes' and seats' `today` read.
  `WITH counted AS (
     UPDATE autopilot_touches t SET counted_on = (t.sent_at AT TIME ZONE z.time_zone)::date
     FROM (SELECT 'email' AS channel, id, time_zone FROM autopilot_mailboxes WHERE account_id = $1
           UNION ALL SELECT channel, id, time_zone FROM autopilot_seats WHERE account_id = $1) z
     WHERE t.account_id = $1 AND t.state = 'sent' AND z.channel = t.channel AND z.id = t.sender_id
     RETURNING t.channel, t.sender_id, t.counted_on, t.kind)
   INSERT INTO autopilot_sender_days (channel, sender_id, day, touches, invitations)
   SELECT channel, sender_id, counted_on, count(*), count(*) FILTER (WHERE kind = 'connection_request') FROM counted GROUP BY channel, sender_id, counted_on`,
];
