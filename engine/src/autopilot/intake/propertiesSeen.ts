import type { Queryable } from '../../platform/database/database.ts';
import { MAX_PROPERTIES_SEEN, PROPERTIES_SEEN_CONTACTS, PROPERTY_EXAMPLE_MAX_LENGTH, PROPERTY_EXAMPLES, type PropertiesSeen } from '../contract.ts';

/**
 * Each property's values as one line of text: a list's values joined with ";" (as HubSpot stores
 * several checkboxes), whitespace runs (line breaks included) as one space. Null and blank values are
 * left out: the contact does not hold the property.
 */
const SQL = `
WITH recent AS (
  SELECT properties FROM autopilot_contacts
  WHERE account_id = $1 AND erased_at IS NULL
  ORDER BY received_at DESC, source, contact_id LIMIT $2
), pairs AS (
  SELECT p.key AS property,
         left(btrim(regexp_replace(CASE jsonb_typeof(p.value)
           WHEN 'array' THEN (SELECT string_agg(left(e.value #>> '{}', 200), ';') FROM jsonb_array_elements(p.value) AS e WHERE jsonb_typeof(e.value) <> 'null')
           ELSE left(p.value #>> '{}', 1000) END, '\\s+', ' ', 'g')), $4) AS value
  FROM recent CROSS JOIN LATERAL jsonb_each(recent.properties) AS p
  WHERE length(p.key) <= 100
), known AS (
  SELECT property, value FROM pairs WHERE value IS NOT NULL AND value <> ''
), counted AS (
  SELECT property, count(*)::int AS contacts FROM known GROUP BY property
  ORDER BY contacts DESC, property LIMIT $3
), ranked AS (
  SELECT property, value, row_number() OVER (PARTITION BY property ORDER BY count(*) DESC, value) AS rank
  FROM known WHERE property IN (SELECT property FROM counted) GROUP BY property, value
)
SELECT counted.property, counted.contacts,
       coalesce(array_agg(ranked.value ORDER BY ranked.rank) FILTER (WHERE ranked.rank IS NOT NULL), '{}') AS examples
FROM counted LEFT JOIN ranked ON ranked.property = counted.property AND ranked.rank <= $5
GROUP BY counted.property, counted.contacts
ORDER BY counted.contacts DESC, counted.property`;

/**
 * The CRM properties the account's contacts received last hold (erased contacts left out), each with
 * how many of them hold it and a few of its values, the most common first: what a filter builder
 * suggests. Reads only.
 */
export async function propertiesSeen(db: Queryable, accountId: number): Promise<PropertiesSeen> {
  const [counts, { rows }] = await Promise.all([
    db.query<{ checked: number }>('SELECT count(*)::int AS checked FROM (SELECT 1 FROM autopilot_contacts WHERE account_id = $1 AND erased_at IS NULL LIMIT $2) AS recent', [
      accountId,
      PROPERTIES_SEEN_CONTACTS,
    ]),
    db.query<{ property: string; contacts: number; examples: string[] }>(SQL, [accountId, PROPERTIES_SEEN_CONTACTS, MAX_PROPERTIES_SEEN, PROPERTY_EXAMPLE_MAX_LENGTH, PROPERTY_EXAMPLES]),
  ]);
  return {
    contacts_checked: counts.rows[0]!.checked,
    properties_seen: rows.map(({ property, contacts, examples }) => ({ property, contacts, examples })),
  };
}
