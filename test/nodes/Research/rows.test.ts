/**
 * The Research node's own check of an e-mail, against the engine's (normalisation, then validator.js):
 * everything the node refuses before submitting, the engine would refuse too, so no credit is held back
 * from an address the engine researches.
 */
import { describe, expect, it } from 'vitest';
import { emailOf } from '@prospect-research/engine';
import { isResearchableEmail } from '../../../nodes/Research/actions/research/rows';

/** Whether the engine researches `email`: the address it reads from a contact is the one POST /research takes. */
const engineTakes = (email: string) => emailOf({ email }) !== null;

const TAKEN = [
  'jane@acme.com',
  'Jane.Doe@ACME.de',
  'sales+emea@acme.co.uk',
  'jane@Bücher.example',
  'jöhn@example.com',
  'ｊａｎｅ@ａｃｍｅ．ｃｏｍ',
  'jane@acme。com',
  "o'brien@acme.ie",
  'jane@xn--bcher-kva.example',
  'jane@sub-domain.acme.io',
];

const REFUSED = [
  'luc.martin@lumiere',
  'not-an-email',
  '@acme.com',
  'jane@',
  'jane doe <jane@acme.com>',
  'jane@acme..com',
  'jane@.acme.com',
  'jane@-acme.com',
  'jane@acme-.com',
  'jane@1.2.3.4',
  'jane@acme.c',
  'jane..doe@acme.com',
  '.jane@acme.com',
  'jane,doe@acme.com',
  'jane@acme_corp.com',
  'jane@acme.com, john@acme.com',
];

describe("the Research node's check of an e-mail", () => {
  it.each(TAKEN)('takes %s, as the engine does', (email) => {
    expect(engineTakes(email)).toBe(true);
    expect(isResearchableEmail(email)).toBe(true);
  });

  it.each(REFUSED)('refuses %s, which the engine refuses too', (email) => {
    expect(engineTakes(email)).toBe(false);
    expect(isResearchableEmail(email)).toBe(false);
  });
});
