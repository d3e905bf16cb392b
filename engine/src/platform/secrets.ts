import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConfigError } from './env.ts';
import { AppError } from './errors.ts';

/**
 * Secrets at rest and signed links, from the one `SECRET_KEY`: each use (`purpose`, such as
 * `mailbox-password` or `unsubscribe`) gets its own key derived with HKDF, so a value made for one use
 * never verifies or decrypts as another. Encryption is AES-256-GCM; a sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a later version can change the scheme.
 */
export class Secrets {
  readonly #key: Buffer;
  /** The keys derived so far, by use: deriving one costs more than the HMAC it signs with (a link per e-mail sent). */
  readonly #derived = new Map<string, Buffer>();

  constructor(key: Buffer) {
    if (key.length !== 32) throw new ConfigError('SECRET_KEY must be 32 bytes');
    this.#key = key;
  }

  seal(purpose: string, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#derive(`seal:${purpose}`), iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The plaintext; throws when the value was not sealed for this purpose with this key, or was altered. */
  open(purpose: string, sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#derive(`seal:${purpose}`), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** An HMAC-SHA256 of `data` for this purpose, base64url. */
  sign(purpose: string, data: string): string {
    return createHmac('sha256', this.#derive(`sign:${purpose}`))
      .update(data)
      .digest('base64url');
  }

  /** Whether `signature` is `sign(purpose, data)`, compared in constant time. */
  verify(purpose: string, data: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, data));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #derive(info: string): Buffer {
    let key = this.#derived.get(info);
    if (key === undefined) {
      key = Buffer.from(hkdfSync('sha256', this.#key, Buffer.alloc(0), info, 32));
      this.#derived.set(info, key);
    }
    return key;
  }
}

/** The engine's Secrets, or a ConfigError saying `feature` needs SECRET_KEY. */
export function requireSecrets(key: Buffer | undefined, feature: string): Secrets {
  if (key === undefined) throw new ConfigError(`${feature} needs SECRET_KEY (32 random bytes, base64 or hex: \`openssl rand -base64 32\`); set it in the environment`);
  return new Secrets(key);
}

/**
 * A request refused (503 `secret_key_missing`): `users` (mailboxes, webhooks) keep their `secrets`
 * (passwords, signing secrets) encrypted with SECRET_KEY, and the engine has none.
 */
export function secretKeyMissing(users: string, secrets: string): AppError {
  const Users = users.charAt(0).toUpperCase() + users.slice(1);
  return new AppError(
    'secret_key_missing',
    { message: `${Users} keep their ${secrets} encrypted with SECRET_KEY, which this engine does not have: set SECRET_KEY (openssl rand -base64 32) and restart it` },
    `${users} need SECRET_KEY (32 random bytes, base64 or hex: \`openssl rand -base64 32\`) to encrypt their ${secrets}; set it in the environment`,
  );
}
