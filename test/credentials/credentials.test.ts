import { describe, expect, it } from 'vitest';
import { ProspectResearchApi } from '../../credentials/ProspectResearchApi.credentials';

describe('Prospect Research API credential', () => {
  const credential = new ProspectResearchApi();

  it('holds the key as a password field and the base URL with its default', () => {
    const [apiKey, baseUrl] = credential.properties;
    expect(apiKey).toMatchObject({ name: 'apiKey', typeOptions: { password: true }, required: true });
    expect(baseUrl).toMatchObject({ name: 'baseUrl', default: 'http://localhost:3000' });
  });

  it('sends the key as a bearer token and tests it with GET /account', () => {
    expect(credential.authenticate).toEqual({
      type: 'generic',
      properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
    });
    expect(credential.test.request).toMatchObject({ url: '/account', method: 'GET' });
    expect(credential.test.request.baseURL).toContain('$credentials.baseUrl');
  });

  it('turns a refused key, a wrong path and a server that is not an engine into messages a person can act on', () => {
    const rules = (credential.test.rules ?? []) as Array<{ type: string; properties: { value?: unknown; key?: string; message: string } }>;
    expect(rules.map((rule) => [rule.type, rule.properties.key ?? rule.properties.value])).toEqual([
      ['responseCode', 401],
      ['responseCode', 404],
      ['responseSuccessBody', 'plan'],
    ]);
    expect(rules[2]?.properties.value).toBeUndefined();
    for (const rule of rules) expect(rule.properties.message).toMatch(/API key|Base URL/);
  });
});
