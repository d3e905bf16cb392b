import type { paths } from '../../../api/schema';
import type { Json } from '../../../api/types';

/** An Autopilot as the engine answers it: the normalised document, its revision, its problems now. */
export type AutopilotView = Json<paths['/autopilots/{name}']['get']['responses'][200]>;
/** The document `PUT /autopilots/{name}` and the preview take. */
export type AutopilotDocument = Json<paths['/autopilots/{name}']['put']['requestBody']>;
export type Preview = Json<paths['/autopilots/{name}/preview']['post']['responses'][200]>;
export type PropertiesSeen = Json<paths['/autopilot/properties']['get']['responses'][200]>;
export type Problem = AutopilotView['problems'][number];

export type Rule = AutopilotDocument['filter']['rules'][number];
export type Operator = Rule['operator'];
export type Step = AutopilotDocument['sequence'][number];
export type Channel = Step['channel'];
export type Kind = Step['kind'];
export type Signal = NonNullable<Step['signals']>[number];
export type Tone = AutopilotDocument['tone'];
export type GoalType = AutopilotDocument['goal']['type'];
