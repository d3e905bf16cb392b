/**
 * The engine's end reasons are worded again where the engine's words cannot be imported: the HubSpot
 * card (a UI extension HubSpot builds from its own folder) and the HubSpot app's timeline events (whose
 * labels are part of the app's project files). Each must word every reason the engine has, and nothing else, so that a reason
 * the engine gains fails here rather than showing as its code.
 */
import { LEAD_END_REASONS } from '@prospect-research/engine/autopilot-contract';
import { describe, expect, it } from 'vitest';
import { END_REASONS as CARD } from '../../src/app/cards/cardAnswer.ts';
import { END_REASON_WORDS as TIMELINE } from '../../src/timeline/appEvents.ts';

describe("the end reasons' words", () => {
  it.each([
    ['the HubSpot card', CARD],
    ["the HubSpot app's timeline", TIMELINE],
  ])('in %s cover every end reason of the engine, and only those', (_place, words: Record<string, string>) => {
    expect(Object.keys(words).sort()).toEqual([...LEAD_END_REASONS].sort());
    for (const text of Object.values(words)) expect(text.trim()).not.toBe('');
  });
});
