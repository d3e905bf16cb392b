/** A 32-byte key in base64, as SECRET_KEY is set. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/** A mailbox body for POST /mailboxes pointing at local test servers. */
export function mailboxBody(smtpPort: number, imapPort: number | null, overrides: Record<string, unknown> = {}) {
  return {
    from_address: 'anna@acme.test',
    from_name: 'Anna Nowak',
    smtp: { host: '127.0.0.1', port: smtpPort, security: 'none', user: 'anna@acme.test', password: 'smtp secret' },
    imap: imapPort === null ? null : { host: '127.0.0.1', port: imapPort, security: 'none', user: 'anna@acme.test', password: 'imap secret' },
    time_zone: 'Europe/Warsaw',
    sending_hours: { start: '08:30', end: '16:00' },
    sending_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    daily_limit: 40,
    warmup: { start_per_day: 5, increase_per_day: 5 },
    ...overrides,
  };
}
