import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/env.ts';
import { opsSettings } from '../../../src/platform/ops/settings.ts';

describe('the ops settings', () => {
  it('are all off by default', () => {
    expect(opsSettings({})).toEqual({ metricsToken: undefined, workerHttpPort: undefined, trustProxy: false, logFormat: undefined });
  });

  it('read METRICS_TOKEN, WORKER_HTTP_PORT, TRUST_PROXY and LOG_FORMAT', () => {
    expect(opsSettings({ METRICS_TOKEN: ' 0123456789abcdef ', WORKER_HTTP_PORT: '9464', TRUST_PROXY: 'true', LOG_FORMAT: 'JSON' })).toEqual({
      metricsToken: '0123456789abcdef',
      workerHttpPort: 9464,
      trustProxy: true,
      logFormat: 'json',
    });
    expect(opsSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(opsSettings({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(opsSettings({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(opsSettings({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('refuse bad values, naming the variable', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        opsSettings(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ METRICS_TOKEN: 'short' })).toBe('METRICS_TOKEN must be at least 16 characters without spaces (`openssl rand -hex 32`), got 5 characters');
    expect(refusal({ METRICS_TOKEN: 'has a space inside it' })).toMatch(/^METRICS_TOKEN must be/);
    expect(refusal({ WORKER_HTTP_PORT: '70000' })).toBe('WORKER_HTTP_PORT must be an integer 0..65535, got "70000"');
    expect(refusal({ TRUST_PROXY: 'everyone' })).toBe('TRUST_PROXY must be true, false, a number of proxy hops, or the proxies\' addresses or CIDR ranges separated by commas, got "everyone"');
    expect(refusal({ LOG_FORMAT: 'xml' })).toBe('LOG_FORMAT must be json or pretty, got "xml"');
  });
});
