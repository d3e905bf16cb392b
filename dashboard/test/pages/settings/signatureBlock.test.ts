import { describe, expect, it } from 'vitest';
import { signatureBlock } from '../../../src/pages/settings/signatureBlock';

describe('signatureBlock', () => {
  it('writes the signature after "-- ", then the identity and the unsubscribe line, as the engine sends them', () => {
    expect(signatureBlock('  Anna\nHead of Sales \n', { name: 'Anna Novak', company: 'Acme Sales', postal_address: 'Hauptstraße 1\n\n 10115 Berlin ' })).toBe(
      '-- \nAnna\nHead of Sales\n\nAnna Novak, Acme Sales\nHauptstraße 1\n10115 Berlin\nUnsubscribe: <link>',
    );
  });

  it('leaves out what is not written yet', () => {
    expect(signatureBlock('', { company: 'Acme Sales' })).toBe('Acme Sales\nUnsubscribe: <link>');
    expect(signatureBlock(' ', {})).toBe('Unsubscribe: <link>');
  });
});
