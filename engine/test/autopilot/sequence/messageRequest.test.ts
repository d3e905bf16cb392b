import { describe, expect, it } from 'vitest';
import type { AutopilotSettings, StoredTouch } from '../../../src/autopilot/contract.ts';
import { leadPlace } from '../../../src/autopilot/pacing/zones.ts';
import { DEFAULT_SUBJECT_ANGLE, messageRequest, outgoingTouch, writerGoal } from '../../../src/autopilot/sequence/messageRequest.ts';
import type { EarlierTouch, Touch, TouchRow } from '../../../src/autopilot/sequence/touchStore.ts';

/** What the writer and the channel are given for a claimed touch, built from plain data. */
const identity = { name: 'Jane Doe', company: 'Ledgerly GmbH', postal_address: 'Hauptstr. 1, 10115 Berlin' };
const settings = { content_language: 'de', sender_identity: identity, email_signature: 'Jane' } as AutopilotSettings;
const product = { id: 1, accountId: 7, name: 'Ledgerly', description: 'Invoices', features: ['OCR'], customers: ['Acme'], createdAt: new Date() };
const spec: StoredTouch = { day: 1, channel: 'email', kind: 'email', angle: 'Their invoices', subject_angle: 'Invoices', signals: [] };

function touch(overrides: Partial<TouchRow> = {}, document: Partial<TouchRow['document']> = {}): Touch {
  const properties = { email: 'c1@acme.de', country: 'DE' };
  const row: TouchRow = {
    id: '11',
    account_id: '7',
    lead_id: '5',
    step: 1,
    spec,
    channel: 'email',
    kind: 'email',
    planned_at: new Date('2030-01-07T08:00:00Z'),
    state: 'scheduled',
    sending_at: null,
    outcome: 'Active',
    contact_id: 'c1',
    properties,
    email: 'c1@acme.de',
    research_status: 'completed',
    document: { tone: 'Friendly', goal: { type: 'engage' }, lead_origin: 'You downloaded our guide.', threading: true, ...document },
    ...overrides,
  };
  return { id: 11, accountId: 7, leadId: 5, row, place: leadPlace(properties), contact: { id: 'c1', email: 'c1@acme.de', properties } };
}

const sent = (channel: EarlierTouch['channel'], kind: EarlierTouch['kind'], sentAt: string, extra: Partial<EarlierTouch> = {}): EarlierTouch => ({
  channel,
  kind,
  body: `${kind} body`,
  subject: null,
  message_id: null,
  sender_id: '1',
  sent_at: new Date(sentAt),
  facts: null,
  ...extra,
});

describe("the writer's goal", () => {
  it("asks a Qualify goal's questions in order, one per message sent, the last one again once all were asked", () => {
    const goal = { type: 'qualify' as const, questions: ['Budget?', 'Team size?'] };
    expect(writerGoal(goal, 0)).toEqual({ type: 'qualify', question: 'Budget?', questionIndex: 0, questions: ['Budget?', 'Team size?'] });
    expect(writerGoal(goal, 1)).toMatchObject({ question: 'Team size?', questionIndex: 1 });
    expect(writerGoal(goal, 5)).toMatchObject({ question: 'Team size?', questionIndex: 1 });
    expect(writerGoal({ type: 'meetings' }, 0)).toEqual({ type: 'meetings', calendar_link: '' });
  });
});

describe("the writer's request", () => {
  it('gives the subject angle and the lead origin to the first e-mail only', () => {
    const first = messageRequest(touch(), settings, product, { name: 'C1' }, []);
    expect(first).toMatchObject({ accountId: 7, leadId: 5, language: 'de', subjectAngle: 'Invoices', leadOrigin: 'You downloaded our guide.', brief: { name: 'C1' }, identity, signature: 'Jane' });
    expect(first.product).toEqual({ name: 'Ledgerly', description: 'Invoices', features: ['OCR'], customers: ['Acme'] });
    const later = messageRequest(touch(), settings, product, null, [sent('email', 'email', '2030-01-06T09:00:00Z', { facts: ['a'] })]);
    expect(later).toMatchObject({ subjectAngle: null, leadOrigin: null });
    expect(later.earlier).toEqual([{ channel: 'email', kind: 'email', body: 'email body', sentAt: new Date('2030-01-06T09:00:00Z'), facts: ['a'] }]);
  });

  it('asks for a subject on a first e-mail whose step has no subject angle (no e-mail goes out without a Subject), and none on a follow-up', () => {
    const bare = touch({ spec: { ...spec, subject_angle: null } });
    expect(messageRequest(bare, settings, product, null, []).subjectAngle).toBe(DEFAULT_SUBJECT_ANGLE);
    expect(messageRequest(bare, settings, product, null, [sent('email', 'email', '2030-01-06T09:00:00Z')]).subjectAngle).toBeNull();
    expect(messageRequest(touch({ spec: { ...spec, subject_angle: null } }, { threading: false }), settings, product, null, [sent('email', 'email', '2030-01-06T09:00:00Z')]).subjectAngle).toBe(
      DEFAULT_SUBJECT_ANGLE,
    );
  });

  it('starts a new thread with every e-mail when threading is off, and counts no connection request as a message', () => {
    const earlier = [sent('linkedin', 'connection_request', '2030-01-05T09:00:00Z'), sent('email', 'email', '2030-01-06T09:00:00Z')];
    expect(messageRequest(touch({}, { threading: false }), settings, product, null, earlier).subjectAngle).toBe('Invoices');
    const qualify = touch({}, { goal: { type: 'qualify', questions: ['Budget?', 'Team size?'] } });
    expect(messageRequest(qualify, settings, product, null, earlier).goal).toMatchObject({ question: 'Team size?' });
  });
});

describe("the channel's touch", () => {
  it('carries the thread so far on its own channel, the identity and the unsubscribe link', () => {
    const earlier = [sent('linkedin', 'message', '2030-01-05T09:00:00Z'), sent('email', 'email', '2030-01-06T09:00:00Z', { message_id: '<m1@ledgerly.test>', subject: 'Invoices' })];
    expect(outgoingTouch(touch(), settings, earlier, 'https://engine.test/u/5')).toEqual({
      touchId: 11,
      accountId: 7,
      leadId: 5,
      channel: 'email',
      kind: 'email',
      step: 1,
      plannedAt: new Date('2030-01-07T08:00:00Z'),
      contact: touch().contact,
      earlier: [{ messageId: '<m1@ledgerly.test>', subject: 'Invoices', sentAt: new Date('2030-01-06T09:00:00Z') }],
      identity,
      signature: 'Jane',
      unsubscribeUrl: 'https://engine.test/u/5',
    });
  });
});
