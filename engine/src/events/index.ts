/**
 * The lead events' public face: the module the composition runs. Its contract is the other face (contract.ts).
 */

export { eventsModule } from './module.ts';

// The demo seed (demo/) subscribes a sample webhook as an integrator would.
export { createSubscription } from './subscriptions.ts';
