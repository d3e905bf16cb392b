/** What the workflow actions read from HubSpot's requests and hand back to it, without a database. */
import { describe, expect, it } from 'vitest';
import { signedUriV2, verifyV2 } from '../../src/webhooks/signature.ts';
import { researchOutputs } from '../../src/workflowActions/complete.ts';
import { parseExecution } from '../../src/workflowActions/executions.ts';
import { parseOptionsRequest } from '../../src/workflowActions/options.ts';

describe("HubSpot's v2 signature", () => {
  // The example of HubSpot's legacy guide (https://legacydocs.hubspot.com/docs/faq/v2-request-validation).
  const secret = 'yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy';
  const uri = 'https://www.example.com/webhook_uri';
  const body = '{"example_field":"example_value"}';

  it("verifies the guide's own example, and nothing changed from it", () => {
    const signature = '9569219f8ba981ffa6f6f16aa0f48637d35d728c7e4d93d0d52efaa512af7900';
    expect(verifyV2(secret, { method: 'POST', uri, body, signature })).toBe(true);
    expect(verifyV2(secret, { method: 'POST', uri, body, signature: signature.toUpperCase() })).toBe(true);
    expect(verifyV2(secret, { method: 'POST', uri, body: body.replace('value', 'valuE'), signature })).toBe(false);
    expect(verifyV2(secret, { method: 'GET', uri, body, signature })).toBe(false);
    expect(verifyV2('another', { method: 'POST', uri, body, signature })).toBe(false);
    expect(verifyV2(secret, { method: 'GET', uri, body: '', signature: 'eee2dddcc73c94d699f5e395f4b9d454a069a6855fbfa152e91e88823087200e' })).toBe(true);
    for (const bad of [undefined, '', 'zz', signature.slice(1), `${signature}00`]) expect(verifyV2(secret, { method: 'POST', uri, body, signature: bad })).toBe(false);
  });

  it('signs the URI as HubSpot called it, nothing decoded', () => {
    expect(signedUriV2('https://research.example.com/', '/hubspot/workflow-actions/enrol?a=%3A')).toBe('https://research.example.com/hubspot/workflow-actions/enrol?a=%3A');
    expect(signedUriV2('https://research.example.com/base', '/x')).toBe('https://research.example.com/base/x');
  });
});

describe('the research outputs', () => {
  it('give the summary on one line, cut at a word before 1,000 characters', () => {
    const long = `Ada  leads\nfinance. ${'Closing the books faster. '.repeat(60)}`;
    const outputs = researchOutputs({ status: 'completed', summary: long, error: null });
    expect(outputs.research_status).toBe('completed');
    expect(outputs.research_summary!.startsWith('Ada leads finance. Closing')).toBe(true);
    expect(outputs.research_summary!.length).toBeLessThanOrEqual(1000);
    expect(outputs.research_summary!.endsWith('…')).toBe(true);
    expect(outputs.research_summary).not.toMatch(/\s…$/);
    expect(researchOutputs({ status: 'completed', summary: ' Short. ', error: null })).toEqual({ research_status: 'completed', research_summary: 'Short.', reason: 'The research completed' });
  });

  it('say why a research failed, or is gone', () => {
    expect(researchOutputs({ status: 'failed', summary: null, error: 'timeout' })).toEqual({
      research_status: 'failed',
      research_summary: '',
      reason: 'The research failed (it took longer than the limit); its credit was refunded',
    });
    expect(researchOutputs(undefined).research_status).toBe('failed');
  });
});

describe('the requests HubSpot sends', () => {
  const execution = { callbackId: 'ap-1-2-3-0', origin: { portalId: 12345 }, object: { objectId: 904, objectType: 'CONTACT' }, inputFields: { autopilot: 'EMEA' } };

  it('take ids as numbers or as text, and the older `fields` for the inputs', () => {
    expect(parseExecution(execution)).toEqual({ callbackId: 'ap-1-2-3-0', portalId: 12345, contactId: '904', properties: undefined, inputs: { autopilot: 'EMEA' } });
    const { inputFields: _, ...older } = execution;
    expect(parseExecution({ ...older, origin: { portalId: '12345' }, object: { objectId: '904', objectType: '0-1', properties: { email: null } }, fields: { autopilot: 'X' } })).toMatchObject({
      portalId: 12345,
      contactId: '904',
      properties: { email: null },
      inputs: { autopilot: 'X' },
    });
  });

  it('refuse what HubSpot would not send, in words', () => {
    for (const bad of [
      null,
      'text',
      { ...execution, callbackId: '' },
      { ...execution, callbackId: 'x'.repeat(201) },
      { ...execution, object: { objectId: 0, objectType: 'CONTACT' } },
      { ...execution, object: { objectId: 1.5, objectType: 'CONTACT' } },
    ]) {
      expect(() => parseExecution(bad), JSON.stringify(bad)).toThrow(expect.objectContaining({ code: 'invalid_body' }));
    }
    expect(parseOptionsRequest({ origin: { portalId: 1 }, inputFieldName: 'autopilot', fetchOptions: { q: ' EMEA ' } })).toEqual({ field: 'autopilot', query: 'emea' });
    expect(() => parseOptionsRequest({ fetchOptions: { q: 7 } })).toThrow(/"fetchOptions.q"/);
  });
});
