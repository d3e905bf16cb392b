/**
 * The demo's public face: the module that adds `prospect-engine demo`, and the seed itself, which the
 * tests, the bench and the dashboard's browser tests use through the test kit.
 */

export { demoModule } from './module.ts';
export { type DemoOptions, type DemoSeed, seedDemo } from './seedDemo.ts';
