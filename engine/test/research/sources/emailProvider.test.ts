import { createSocket } from 'node:dgram';
import type { MxRecord } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { emailProvider, providerOfMxHost } from '../../../src/research/sources/emailProvider.ts';
import { SourceError } from '../../../src/platform/net/sourceHttp.ts';

const context = () => ({ signal: new AbortController().signal });

/** A fake resolver: domain to MX records (exchange, priority), or an error code. */
function fakeResolver(zones: Record<string, [string, number][] | string>) {
  const asked: string[] = [];
  const resolveMx = async (domain: string): Promise<MxRecord[]> => {
    asked.push(domain);
    const zone = zones[domain] ?? 'ENOTFOUND';
    if (typeof zone === 'string') throw Object.assign(new Error(`queryMx ${zone} ${domain}`), { code: zone });
    return zone.map(([exchange, priority]) => ({ exchange, priority }));
  };
  return { resolveMx, asked };
}

describe('emailProvider', () => {
  it.each([
    [
      'Google Workspace',
      [
        ['aspmx.l.google.com', 1],
        ['alt1.aspmx.l.google.com', 5],
        ['aspmx2.googlemail.com', 10],
      ],
    ],
    ['Google Workspace', [['smtp.google.com', 1]]],
    ['Microsoft 365', [['acme-com.mail.protection.outlook.com', 0]]],
    [
      'Zoho Mail',
      [
        ['mx.zoho.eu', 10],
        ['mx2.zoho.eu', 20],
      ],
    ],
    [
      'Proton Mail',
      [
        ['mail.protonmail.ch', 10],
        ['mailsec.protonmail.ch', 20],
      ],
    ],
    ['Fastmail', [['in1-smtp.messagingengine.com', 10]]],
    ['Yahoo Mail', [['mta5.am0.yahoodns.net', 1]]],
    ['iCloud Mail', [['mx01.mail.icloud.com', 10]]],
    [
      'Mimecast',
      [
        ['eu-smtp-inbound-1.mimecast.com', 10],
        ['eu-smtp-inbound-2.mimecast.com', 10],
      ],
    ],
    ['Proofpoint', [['mx0a-00123401.pphosted.com', 10]]],
    ['Cisco Secure Email', [['mx1.acme.iphmx.com', 10]]],
    [
      'GoDaddy Email',
      [
        ['smtp.secureserver.net', 0],
        ['mailstore1.secureserver.net', 10],
      ],
    ],
  ] as [string, [string, number][]][])('%s from %j', async (expected, records) => {
    const { resolveMx } = fakeResolver({ 'acme.com': records });
    expect(await emailProvider('acme.com', context(), { resolveMx })).toBe(expected);
  });

  it('goes by preference, not by the order DNS listed them', async () => {
    const { resolveMx } = fakeResolver({
      'acme.com': [
        ['backup.mail.protection.outlook.com', 50],
        ['us-smtp-inbound-1.mimecast.com', 10],
      ],
    });
    expect(await emailProvider('acme.com', context(), { resolveMx })).toBe('Mimecast');
  });

  it('skips unknown hosts for a known one further down, and normalises the domain it asks about', async () => {
    const { resolveMx, asked } = fakeResolver({
      'acme.com': [
        ['mail.acme.com.', 5],
        ['ASPMX.L.GOOGLE.COM.', 10],
      ],
    });
    expect(await emailProvider(' Acme.COM. ', context(), { resolveMx })).toBe('Google Workspace');
    expect(asked).toEqual(['acme.com']);
  });

  it('answers null for self-hosted mail, no MX records and DNS errors', async () => {
    const { resolveMx } = fakeResolver({ 'self.com': [['mx.self.com', 10]], 'empty.com': [], 'broken.com': 'ESERVFAIL' });
    for (const domain of ['self.com', 'empty.com', 'broken.com', 'missing.com']) {
      expect(await emailProvider(domain, context(), { resolveMx })).toBeNull();
    }
  });

  it('matches whole labels only: a look-alike host is not Google', () => {
    expect(providerOfMxHost('aspmx.l.google.com.evil.example')).toBeNull();
    expect(providerOfMxHost('notaspmx.l.google.com')).toBeNull();
    expect(providerOfMxHost('evilgooglemail.com')).toBeNull();
    expect(providerOfMxHost('alt2.aspmx.l.google.com')).toBe('Google Workspace');
  });

  it('is bounded by the signal: a resolver that never answers is abandoned on abort', async () => {
    const controller = new AbortController();
    const resolveMx = () => new Promise<MxRecord[]>(() => {});
    setTimeout(() => controller.abort(), 20);
    const error = await emailProvider('acme.com', { signal: controller.signal }, { resolveMx }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('aborted');
    await expect(emailProvider('acme.com', { signal: AbortSignal.abort() }, { resolveMx })).rejects.toBeInstanceOf(SourceError);
  });

  it('with the real resolver, an abort cancels a query that gets no answer', async () => {
    // A local UDP "DNS server" that never answers: nothing leaves the machine.
    const socket = createSocket('udp4');
    let queries = 0;
    socket.on('message', () => queries++);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const error = await emailProvider('acme.com', { signal: controller.signal }, { servers: [`127.0.0.1:${port}`], timeoutMs: 10_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SourceError);
      expect((error as SourceError).kind).toBe('aborted');
      expect(queries).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('with the real resolver, a server that gives up yields null', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    try {
      expect(await emailProvider('acme.com', context(), { servers: [`127.0.0.1:${port}`], timeoutMs: 100 })).toBeNull();
    } finally {
      socket.close();
    }
  });
});
