/**
 * What a caller may do in an account, from least to most: a `member` reads and closes leads, an
 * `admin` also changes Autopilots, settings and channels, an `owner` also manages people, API keys and
 * billing-like settings. API keys act as owners.
 */
export const ROLES = ['member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The least role that may call the route, when it differs from the default by method (reads:
     * `member`, changes: `admin`): `'owner'` on key management, `'member'` on closing a lead.
     */
    role?: Role;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The least role a route needs: its own `config.role`, else `member` for reads and `admin` for changes. */
export function requiredRole(method: string, config: { role?: Role } | undefined): Role {
  return config?.role ?? (READS.has(method) ? 'member' : 'admin');
}

/** Whether `role` includes what `required` may do. */
export function allows(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

/** Whether requests of this method only read (and so need no CSRF token). */
export function isRead(method: string): boolean {
  return READS.has(method);
}
