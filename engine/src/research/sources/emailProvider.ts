/**
 * The company's e-mail provider, read from its domain's MX records: a technology for the brief
 * (`Google Workspace`, `Microsoft 365`, ...). When mail first passes a security gateway (Mimecast,
 * Proofpoint, ...) the gateway is what the records show, and what we report.
 */
import type { MxRecord } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import type { SourceContext } from './facts.ts';
import { SourceError } from '../../platform/net/sourceHttp.ts';
import { raceSignal } from '../../platform/net/raceSignal.ts';

export type ResolveMx = (domain: string) => Promise<MxRecord[]>;

export interface EmailProviderDeps {
  /** Default: a node:dns Resolver of its own per call, cancelled when the signal aborts. */
  resolveMx?: ResolveMx;
  /** Per DNS attempt, for the default resolver. Default 3 s. */
  timeoutMs?: number;
  /** DNS servers for the default resolver (`ip` or `ip:port`); default the system's. */
  servers?: string[];
}

/** MX host suffixes (matched on whole labels) to the technology they stand for. First match wins. */
const MX_PROVIDERS: readonly { suffixes: readonly string[]; name: string }[] = [
  { name: 'Google Workspace', suffixes: ['aspmx.l.google.com', 'googlemail.com', 'smtp.google.com'] },
  { name: 'Microsoft 365', suffixes: ['mail.protection.outlook.com', 'mail.protection.partner.outlook.cn', 'mail.protection.office365.us'] },
  { name: 'Zoho Mail', suffixes: ['zoho.com', 'zoho.eu', 'zoho.in', 'zoho.com.au', 'zoho.jp', 'zohomail.com'] },
  { name: 'Proton Mail', suffixes: ['protonmail.ch'] },
  { name: 'Fastmail', suffixes: ['messagingengine.com'] },
  { name: 'Yahoo Mail', suffixes: ['yahoodns.net'] },
  { name: 'iCloud Mail', suffixes: ['mail.icloud.com'] },
  { name: 'Amazon WorkMail', suffixes: ['awsapps.com'] },
  { name: 'Yandex 360', suffixes: ['mx.yandex.net', 'mx.yandex.ru'] },
  { name: 'GoDaddy Email', suffixes: ['secureserver.net'] },
  { name: 'IONOS Mail', suffixes: ['ionos.com', 'ionos.de', 'ionos.co.uk', '1and1.com', 'kundenserver.de'] },
  { name: 'OVHcloud Mail', suffixes: ['mail.ovh.net', 'ovh.net'] },
  { name: 'Rackspace Email', suffixes: ['emailsrvr.com'] },
  { name: 'Namecheap Private Email', suffixes: ['privateemail.com'] },
  // Security gateways in front of the real mailbox provider.
  { name: 'Mimecast', suffixes: ['mimecast.com', 'mimecast.co.za', 'mimecast-offshore.com'] },
  { name: 'Proofpoint', suffixes: ['pphosted.com', 'ppe-hosted.com', 'proofpoint.com'] },
  { name: 'Barracuda Email Security', suffixes: ['barracudanetworks.com'] },
  { name: 'Cisco Secure Email', suffixes: ['iphmx.com'] },
  { name: 'Sophos Email', suffixes: ['hydra.sophos.com'] },
  { name: 'Trend Micro Email Security', suffixes: ['tmes.trendmicro.com', 'tmes.trendmicro.eu', 'tmes-anz.trendmicro.com'] },
];

/**
 * The provider behind `domain`'s mail, or null when it has no MX records, none is known, or DNS fails.
 * Records are read in preference order. Throws SourceError `aborted` when the job's signal stops it.
 */
export async function emailProvider(domain: string, context: SourceContext, deps: EmailProviderDeps = {}): Promise<string | null> {
  const { signal } = context;
  if (signal.aborted) throw aborted();
  let records: MxRecord[];
  try {
    records = await withSignal(domain.trim().toLowerCase().replace(/\.$/, ''), signal, deps);
  } catch {
    if (signal.aborted) throw aborted();
    return null;
  }
  const ordered = [...records].sort((a, b) => a.priority - b.priority);
  for (const record of ordered) {
    const provider = providerOfMxHost(record.exchange);
    if (provider) return provider;
  }
  return null;
}

/** The provider an MX host name belongs to, or null. */
export function providerOfMxHost(exchange: string): string | null {
  const host = exchange.trim().toLowerCase().replace(/\.$/, '');
  for (const { name, suffixes } of MX_PROVIDERS) {
    if (suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return name;
  }
  return null;
}

function withSignal(domain: string, signal: AbortSignal, deps: EmailProviderDeps): Promise<MxRecord[]> {
  let cancel = () => {};
  let lookup: Promise<MxRecord[]>;
  if (deps.resolveMx) {
    lookup = deps.resolveMx(domain);
  } else {
    const resolver = new Resolver({ timeout: deps.timeoutMs ?? 3_000, tries: 2 });
    if (deps.servers) resolver.setServers(deps.servers);
    cancel = () => resolver.cancel();
    lookup = resolver.resolveMx(domain);
  }
  signal.addEventListener('abort', cancel, { once: true });
  return raceSignal(lookup, signal).finally(() => signal.removeEventListener('abort', cancel));
}

function aborted(): SourceError {
  return new SourceError('email-provider', 'aborted', 'the job stopped the call');
}
