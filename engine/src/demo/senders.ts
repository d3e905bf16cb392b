import type { ProductInput } from '../accounts/index.ts';
import type { Pool } from '../platform/database/database.ts';
import type { Secrets } from '../platform/secrets.ts';
import { EXCLUDED_DOMAIN } from './vocabulary.ts';

/** What the demo account sells: research is written against it. */
export const DEMO_PRODUCT: ProductInput = {
  name: 'Pipeline Studio',
  description: 'Outbound for small sales teams: finds who to talk to, researches each prospect and writes the first message, so a rep spends the day in conversations.',
  features: ['Prospect research from a work e-mail', 'Sequences on e-mail, the professional network and chat apps', 'Replies in one inbox'],
  customers: ['B2B software companies of 20 to 1,000 people', 'Founders who still sell', 'Revenue operations teams'],
};

export const DEMO_SETTINGS = {
  queueWaitHours: 6,
  excludedDomains: [EXCLUDED_DOMAIN],
  signature: 'Maya Keller\nHead of Growth, Pipeline Studio\nhttps://pipeline-studio.example',
  senderIdentity: { name: 'Maya Keller', company: 'Pipeline Studio GmbH', postal_address: 'Torstraße 1, 10119 Berlin, Germany' },
};

/** The Secrets purpose mailbox passwords are sealed for (mailboxes/). */
const MAILBOX_PASSWORD = 'mailbox-password';

/**
 * Two mailboxes (one warming up) and three seats (the professional network, the messaging app, and a
 * chat-app seat the provider disconnected). The mailboxes' passwords are placeholders: nothing can
 * sign in with them, and the demo's touches are never sent.
 */
export async function demoSenders(pool: Pool, accountId: number, now: Date, secrets: Secrets | undefined): Promise<void> {
  const password = secrets ? secrets.seal(MAILBOX_PASSWORD, 'demo-placeholder') : 'demo-placeholder (not sealed: no SECRET_KEY)';
  const warmupStart = new Date(now.getTime() - 9 * 86_400_000).toISOString().slice(0, 10);
  await pool.query(
    `INSERT INTO autopilot_mailboxes (account_id, from_address, from_name, smtp_host, smtp_port, smtp_security, smtp_user, smtp_password_sealed, imap_host, imap_port,
                                      imap_security, imap_user, imap_password_sealed, time_zone, window_start, window_end, days, daily_limit, warmup_start_per_day,
                                      warmup_increase_per_day, warmup_started_on, imap_read_at, created_at, updated_at)
     VALUES ($1, 'maya@pipeline-studio.example', 'Maya Keller', 'smtp.pipeline-studio.example', 587, 'starttls', 'maya@pipeline-studio.example', $2,
             'imap.pipeline-studio.example', 993, 'tls', 'maya@pipeline-studio.example', $2, 'Europe/Berlin', '09:00', '17:00', '{1,2,3,4,5}', 60, NULL, NULL, NULL, $3, $4, $4),
            ($1, 'jonas@pipeline-studio.example', 'Jonas Weber', 'smtp.pipeline-studio.example', 587, 'starttls', 'jonas@pipeline-studio.example', $2,
             'imap.pipeline-studio.example', 993, 'tls', 'jonas@pipeline-studio.example', $2, 'Europe/Berlin', '08:30', '16:30', '{1,2,3,4,5}', 80, 10, 5, $5, $3, $4, $4)`,
    [accountId, password, now, new Date(now.getTime() - 130 * 86_400_000), warmupStart],
  );
  await pool.query(
    `INSERT INTO autopilot_seats (account_id, channel, unipile_account_id, label, time_zone, window_start, window_end, days, messages_per_day, invitations_per_day,
                                  invitations_per_week, status, status_detail, status_changed_at, inbound_read_at, created_at, updated_at)
     VALUES ($1::bigint, 'linkedin', 'demo-' || $1::bigint || '-linkedin', 'Maya on LinkedIn', 'Europe/Berlin', '09:00', '18:00', '{1,2,3,4,5}', 50, 20, 100, 'connected', NULL, $3, $2, $3, $3),
            ($1::bigint, 'whatsapp', 'demo-' || $1::bigint || '-whatsapp', 'Sales WhatsApp', 'Europe/Berlin', '09:00', '18:00', '{1,2,3,4,5}', 80, NULL, NULL, 'connected', NULL, $3, $2, $3, $3),
            ($1::bigint, 'telegram', 'demo-' || $1::bigint || '-telegram', 'Maya on Telegram', 'Europe/Berlin', '09:00', '18:00', '{1,2,3,4,5}', 40, NULL, NULL, 'disconnected',
             'CREDENTIALS: the provider lost the session (the account was signed out on another device); reconnect it', $4, $4, $3, $4)`,
    [accountId, now, new Date(now.getTime() - 130 * 86_400_000), new Date(now.getTime() - 2 * 86_400_000)],
  );
}
