/**
 * `@prospect-research/engine/testing`: the engine's test kit, for the engine's own tests and for tests
 * of packages built on it (the n8n end-to-end test, extension packages). It needs vitest and a
 * PostgreSQL server: add `engine/test/support/globalSetup.ts` to the vitest config's `globalSetup`,
 * which migrates a template database that every test file clones (see CONTRIBUTING.md, "Tests").
 */
export { createTestDatabase, databaseUrl, type TestDatabase } from './databases.ts';
export {
  client,
  createCustomer,
  creditState,
  type Customer,
  type CustomerFixture,
  type EngineFixture,
  KEY_PREFIX,
  newTestDatabase,
  type Reply,
  startTestEngine,
  type TestEngine,
  type TestEngineOptions,
  until,
  useEngine,
  useTestEngine,
} from './engine.ts';
export { documentedOperations, documentErrors, exampleErrors, type OpenApiDocument, operationsWithoutExamples, servedAndDocumented } from './apiDocument.ts';
export { TestClock } from './clock.ts';
export { type SeededEvent, type SeededLead, type SeededTouch, seedLeads, seedTimeline } from './leads.ts';
export { seedSeat } from './seats.ts';
export { insertInvitation } from '../../src/people/index.ts';
export { hangs, ignoresSignal, ScriptedPipeline, sourceless, takes } from './pipelines.ts';
export { rejection } from './rejection.ts';
export { answerItems, publishedTexts, type Score, score, type TruthCase, truthfulnessCorpus } from '../research/writer/truthfulness/corpus.ts';
export {
  type AccountStatus,
  type EmulatedAccount,
  type EmulatedPerson,
  type NetworkDistance,
  startUnipileEmulator,
  type UnipileEmulator,
  type UnipileEmulatorOptions,
  type UnipileFailure,
  type UnipileProvider,
  type UnipileRoute,
  type WebhookDelivery,
} from './unipileEmulator.ts';
export { type DemoOptions, type DemoSeed, seedDemo } from '../../src/demo/index.ts';
