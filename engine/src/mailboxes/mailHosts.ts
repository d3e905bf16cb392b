import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from '../platform/net/safeFetch.ts';

/**
 * Where a mailbox's SMTP or IMAP connection may go. Mailbox hosts are typed by an API-key holder, so
 * by default they get the same guard as every other user-supplied address (safeFetch.ts): every
 * address the name resolves to must be public, and the connection goes to the address that was
 * checked (the name still travels as TLS SNI and is what the certificate is verified against), so a
 * second DNS answer cannot swap in an internal one.
 *
 * A self-hosted engine whose mail server sits on its own network sets EMAIL_ALLOW_PRIVATE_HOSTS=true:
 * then private, loopback, unique-local and carrier-grade NAT addresses are allowed too. Link-local
 * addresses (169.254.0.0/16, where clouds answer metadata requests, and fe80::/10) and the unspecified,
 * multicast and broadcast ones stay refused either way.
 */
export interface MailHostPolicy {
  allowPrivate: boolean;
  /** Default: node:dns `lookup` with `all: true`. */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
}

export class MailHostRefused extends Error {
  override name = 'MailHostRefused';
}

const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

export function mailAddressAllowed(address: string, allowPrivate: boolean): boolean {
  if (isPublicAddress(address)) return true;
  if (!allowPrivate || !ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return PRIVATE_RANGES.has(ip.range());
}

/** The checked address to connect to for `host`; MailHostRefused, in words, when it may not be reached. */
export async function resolveMailHost(host: string, policy: MailHostPolicy): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare) !== 0) addresses = [bare];
  else {
    try {
      addresses = (await (policy.lookup ?? ((name) => dnsLookup(name, { all: true, verbatim: true })))(bare)).map((entry) => entry.address);
    } catch {
      throw new MailHostRefused(`${host} does not resolve to an address`);
    }
  }
  if (addresses.length === 0) throw new MailHostRefused(`${host} does not resolve to an address`);
  const refused = addresses.find((address) => !mailAddressAllowed(address, policy.allowPrivate));
  if (refused !== undefined) {
    throw new MailHostRefused(
      policy.allowPrivate
        ? `${host} resolves to ${refused}, which mail is never sent to (link-local, multicast or unspecified)`
        : `${host} resolves to ${refused}, a private or reserved address; a self-hosted engine may allow its own network with EMAIL_ALLOW_PRIVATE_HOSTS=true`,
    );
  }
  return addresses[0]!;
}
