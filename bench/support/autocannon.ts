import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'POST' | 'GET';
  seconds: number;
  connections: number;
  /** Headers per connection: connection `i` sends `headers(i)` on every request. */
  headers: (connection: number) => Record<string, string>;
  /** `[<id>]` in the body becomes a new unique id on every request. */
  body?: string;
  /** Requests per second from all connections together (autocannon's `overallRate`); unset: as fast as answered. */
  overallRate?: number;
}

export interface Load {
  /** Responses by status code. */
  statuses: Record<number, number>;
  /** Connection errors and timeouts. */
  errors: number;
  /** How long autocannon ran, in seconds. */
  seconds: number;
  /** Every response's latency, in ms, by status code. */
  latencies: Map<number, number[]>;
}

/** Sustained load with the maintained generator autocannon, through its programmatic API. */
export async function load(options: LoadOptions): Promise<Load> {
  const statuses: Record<number, number> = {};
  const latencies = new Map<number, number[]>();
  let connection = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        connections: options.connections,
        duration: options.seconds,
        setupClient: (client) => client.setHeaders(options.headers(connection++)),
        ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
        ...(options.body === undefined ? {} : { body: options.body, idReplacement: true }),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      let list = latencies.get(status);
      if (!list) latencies.set(status, (list = []));
      list.push(ms);
    });
  });
  return { statuses, errors: result.errors + result.timeouts, seconds: result.duration, latencies };
}
