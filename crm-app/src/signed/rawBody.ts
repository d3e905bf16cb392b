import type { FastifyRequest } from 'fastify';

/** A body's bytes as sent, as text, for a signature that covers them; undefined once it passes `limit` bytes. */
export async function rawBody(payload: AsyncIterable<unknown>, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A request header's value, the first when it was sent more than once. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
