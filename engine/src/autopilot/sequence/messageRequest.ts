/**
 * What the send_touch task hands on for a claimed touch: the writer's request (`MessageRequest`) and,
 * short of its message, the channel's touch (`OutgoingTouch`).
 */
import type { Product } from '../../accounts/index.ts';
import type { Queryable } from '../../platform/database/database.ts';
import type { ResearchData } from '../../research/contract.ts';
import { fromStoredResult, inSpecOrder } from '../../research/index.ts';
import type { AutopilotDocument, AutopilotSettings } from '../contract.ts';
import type { MessageRequest, OutgoingTouch, WriterGoal } from './ports.ts';
import type { EarlierTouch, Touch } from './touchStore.ts';

/** The lead's brief as `GET /research-status/{id}` answers its `data`: what is stored beside it (its provenance) stays out. */
export async function readBrief(db: Queryable, leadId: number): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ result: ResearchData | null }>(
    `SELECT r.result FROM autopilot_leads l JOIN research_jobs r ON r.id = l.research_id WHERE l.id = $1 AND r.status = 'completed' AND r.purged_at IS NULL`,
    [leadId],
  );
  const result = rows[0]?.result;
  return result ? (inSpecOrder(fromStoredResult(result).data) as unknown as Record<string, unknown>) : null;
}

/** The writer's goal: a Qualify goal asks its questions in order, one per message already sent (the last one again once all were asked). */
export function writerGoal(goal: AutopilotDocument['goal'], messagesSent: number): WriterGoal {
  switch (goal.type) {
    case 'engage':
      return { type: 'engage' };
    case 'meetings':
      return { type: 'meetings', calendar_link: goal.calendar_link ?? '' };
    case 'self_serve':
      return { type: 'self_serve', pricing_url: goal.pricing_url ?? '' };
    case 'qualify': {
      const questions = goal.questions ?? [];
      const questionIndex = Math.max(0, Math.min(messagesSent, questions.length - 1));
      return { type: 'qualify', question: questions[questionIndex] ?? '', questionIndex, questions };
    }
  }
}

/**
 * The subject angle of an e-mail that starts a thread when its step gives none (`subject_angle` is
 * optional): every such e-mail still needs a Subject, which mail providers count against a message
 * without one, and a person reads first. So the writer writes one from the message itself.
 */
export const DEFAULT_SUBJECT_ANGLE = 'A short, plain subject that says what this e-mail is about, taken from its angle: no hype, no questions to bait a reply.';

/**
 * Everything the writer is given for the touch: the step, the subject angle only when this e-mail starts
 * the thread, the lead origin only for the lead's first message, the goal, the brief, the product, the
 * sender identity and signature, and the lead's earlier messages.
 */
export function messageRequest(touch: Touch, settings: AutopilotSettings, product: Product, brief: Record<string, unknown> | null, earlier: readonly EarlierTouch[]): MessageRequest {
  const { row } = touch;
  const messages = earlier.filter((item) => item.kind !== 'connection_request');
  const startsThread = row.channel === 'email' && (row.document.threading === false || !earlier.some((item) => item.channel === 'email'));
  return {
    accountId: touch.accountId,
    leadId: touch.leadId,
    language: settings.content_language,
    channel: row.channel,
    kind: row.kind,
    step: row.spec,
    subjectAngle: startsThread ? (row.spec.subject_angle ?? DEFAULT_SUBJECT_ANGLE) : null,
    tone: row.document.tone,
    goal: writerGoal(row.document.goal, messages.length),
    leadOrigin: earlier.length === 0 ? row.document.lead_origin : null,
    brief,
    signals: row.spec.signals,
    product: { name: product.name, description: product.description, features: product.features, customers: product.customers },
    identity: settings.sender_identity,
    signature: settings.email_signature,
    contact: { id: touch.contact.id, properties: touch.contact.properties },
    earlier: earlier.map((item) => ({ channel: item.channel, kind: item.kind, body: item.body ?? '', sentAt: item.sent_at, ...(item.facts ? { facts: item.facts } : {}) })),
  };
}

/** The touch as its channel is given it, short of the message: the thread so far on the channel, the identity, the unsubscribe link. */
export function outgoingTouch(touch: Touch, settings: AutopilotSettings, earlier: readonly EarlierTouch[], unsubscribeUrl: string): Omit<OutgoingTouch, 'message'> {
  const { row } = touch;
  return {
    touchId: touch.id,
    accountId: touch.accountId,
    leadId: touch.leadId,
    channel: row.channel,
    kind: row.kind,
    step: row.step,
    plannedAt: row.planned_at,
    contact: touch.contact,
    earlier: earlier.filter((item) => item.channel === row.channel).map((item) => ({ messageId: item.message_id, subject: item.subject, sentAt: item.sent_at })),
    identity: settings.sender_identity!,
    signature: settings.email_signature,
    unsubscribeUrl,
  };
}
