/**
 * The Autopilot's public face: the module the composition runs. Its contract is the other face (contract.ts).
 */

export { autopilotModule } from './module.ts';

// What the demo seed (demo/) uses to write sample data exactly as the Autopilot writes live data.
export { applyAutopilots } from './config/autopilots.ts';
export { readRoutingTable, type RoutingTable } from './config/routingTable.ts';
export { decide, type Decision } from './routing/decide.ts';
