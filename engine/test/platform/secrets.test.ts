import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/platform/env.ts';
import { requireSecrets, Secrets } from '../../src/platform/secrets.ts';
import { platformSettings } from '../../src/platform/settings.ts';

describe('SECRET_KEY and PUBLIC_URL', () => {
  it('reads a key in base64 or hex, and refuses one of another length or alphabet without echoing it', () => {
    const key = randomBytes(32);
    expect(platformSettings({ SECRET_KEY: key.toString('base64') }).secretKey).toEqual(key);
    expect(platformSettings({ SECRET_KEY: key.toString('hex') }).secretKey).toEqual(key);
    for (const bad of [randomBytes(16).toString('base64'), 'not a key at all, not base64 either!', key.toString('hex').slice(2)]) {
      expect(() => platformSettings({ SECRET_KEY: bad })).toThrow(ConfigError);
      try {
        platformSettings({ SECRET_KEY: bad });
      } catch (error) {
        expect((error as Error).message).not.toContain(bad);
      }
    }
  });

  it('takes PUBLIC_URL without its trailing slash, defaults it from PORT, and refuses what is not an http(s) address', () => {
    expect(platformSettings({ PUBLIC_URL: 'https://research.example.com/' }).publicUrl).toBe('https://research.example.com');
    expect(platformSettings({ PUBLIC_URL: 'https://example.com/engine/' }).publicUrl).toBe('https://example.com/engine');
    expect(platformSettings({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    for (const bad of ['research.example.com', 'ftp://example.com', 'https://example.com/?a=1']) expect(() => platformSettings({ PUBLIC_URL: bad })).toThrow(ConfigError);
  });
});

describe('Secrets', () => {
  const secrets = new Secrets(randomBytes(32));

  it('opens what it sealed, and the sealed text does not hold the plaintext', () => {
    const sealed = secrets.seal('mailbox-password', 'hunter2 and more');
    expect(sealed).not.toContain('hunter2');
    expect(secrets.open('mailbox-password', sealed)).toBe('hunter2 and more');
    expect(secrets.seal('mailbox-password', 'hunter2 and more')).not.toBe(sealed);
  });

  it('refuses a value sealed for another purpose, with another key, or altered', () => {
    const sealed = secrets.seal('mailbox-password', 'hunter2');
    expect(() => secrets.open('oauth-token', sealed)).toThrow();
    expect(() => new Secrets(randomBytes(32)).open('mailbox-password', sealed)).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => secrets.open('mailbox-password', [version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => secrets.open('mailbox-password', 'v1.garbage')).toThrow();
  });

  it('verifies its own signatures only, per purpose', () => {
    const signature = secrets.sign('unsubscribe', 'lead:42');
    expect(secrets.verify('unsubscribe', 'lead:42', signature)).toBe(true);
    expect(secrets.verify('unsubscribe', 'lead:43', signature)).toBe(false);
    expect(secrets.verify('webhook', 'lead:42', signature)).toBe(false);
    expect(secrets.verify('unsubscribe', 'lead:42', signature.slice(1))).toBe(false);
  });

  it('names SECRET_KEY when a feature needs it and it is unset', () => {
    expect(() => requireSecrets(undefined, 'Adding a mailbox')).toThrow(/Adding a mailbox needs SECRET_KEY/);
  });
});
