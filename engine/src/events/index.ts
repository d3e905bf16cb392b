/**
 * The lead events' public face: the module the composition runs. Its contract is the other face (contract.ts).
 */

export { eventsModule } from './module.ts';
