import { type Pool, transaction } from '../platform/database/database.ts';
import { type Account, getAccount, insertAccount, insertApiKey, insertProduct, type NewApiKey } from '../accounts/index.ts';
import { insertInvitation, invitationLink } from '../people/index.ts';

export interface Bootstrapped {
  account: Account;
  /** Absent when the first start was asked to create no key (`--quiet-bootstrap`). */
  apiKey?: NewApiKey;
  /** The token of the one-time link that creates the owner's sign-in; absent with the key. */
  ownerInvitation?: string;
}

/** How long the first start's owner link works; later, `prospect-engine users invite` makes another. */
export const OWNER_INVITATION_MS = 7 * 24 * 3_600_000;

/** The account a fresh install starts with; ops change it with `prospect-engine accounts set` and `products set`. */
export const LOCAL_ACCOUNT = {
  name: 'Local account',
  plan: 'bdr',
  product: {
    name: 'Prospect Research',
    description: 'Turns a work e-mail address into a sales research brief: the prospect, their company, recent posts and news, decision makers and talking points written against your product.',
    features: ['Research brief from a work e-mail', 'Talking points against your product', 'Autopilot outreach until the lead answers'],
    customers: ['B2B sales teams', 'Business development representatives', 'Founders who sell'],
  },
} as const;

/**
 * On an empty database, creates the local account with a product and (unless `withKey` is false) one
 * API key and a one-time link for the owner's sign-in, in one transaction, and returns them so they can be shown once. Returns undefined when
 * any account exists. Safe when several processes start together: an advisory lock lets exactly one
 * of them create the account.
 */
export async function bootstrapFirstAccount(pool: Pool, keyPrefix: string, { withKey = true } = {}): Promise<Bootstrapped | undefined> {
  return transaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('prospect-engine bootstrap'))`);
    const { rowCount } = await client.query('SELECT 1 FROM accounts LIMIT 1');
    if (rowCount !== 0) return undefined;
    const created = await insertAccount(client, { name: LOCAL_ACCOUNT.name, plan: LOCAL_ACCOUNT.plan });
    const { product } = LOCAL_ACCOUNT;
    await insertProduct(client, created.id, { ...product, features: [...product.features], customers: [...product.customers] });
    const apiKey = withKey ? await insertApiKey(client, keyPrefix, created.id) : undefined;
    const ownerInvitation = withKey ? await insertInvitation(client, { accountId: created.id, email: null, role: 'owner', validForMs: OWNER_INVITATION_MS }) : undefined;
    // Read again: the account now has its current product.
    return { account: await getAccount(client, created.id), apiKey, ownerInvitation };
  });
}

/** `publicUrl`: where people open the engine (`PUBLIC_URL`, else this machine's address), for the owner's link. */
export function firstStartBanner(account: Account, apiKey: NewApiKey, baseUrl: string, owner?: { token: string; publicUrl: string }): string {
  const auth = `-H "Authorization: Bearer ${apiKey.key}"`;
  return [
    '',
    `First start: created account ${account.id} "${account.name}" (plan ${account.plan}, ${account.monthlyCredits} credits a month) with this API key.`,
    'It is shown only this once; store it now:',
    '',
    `  ${apiKey.key}`,
    '',
    'Try it:',
    '',
    `  curl -s -X POST ${baseUrl}/research ${auth} -H "Content-Type: application/json" -d '{"email":"jane.doe@example.com"}'`,
    `  curl -s ${baseUrl}/research-status/<research_id> ${auth}`,
    '',
    ...(owner ? ["Create your sign-in to the dashboard (as the account's owner) with this one-time link, within 7 days:", '', `  ${invitationLink(owner.publicUrl, owner.token)}`, ''] : []),
    `Set the product research is written against: npm run engine -- products set --account ${account.id} --name ... --description ... --features "a;b" --customers "x;y"`,
    '',
  ].join('\n');
}

/** What a quiet first start logs instead of the banner: the account, and how to make its first key. */
export function quietBootstrapNotice(account: Account): string {
  return `first start: created account ${account.id} "${account.name}" (plan ${account.plan}) with no API key (quiet bootstrap); create one with: prospect-engine keys create --account ${account.id}, and the owner's sign-in with: prospect-engine users invite --account ${account.id} --email <address> --role owner`;
}
