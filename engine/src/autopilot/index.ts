/**
 * The Autopilot's public face: the module the composition runs. Its contract is the other face (contract.ts).
 */

export { autopilotModule } from './module.ts';
