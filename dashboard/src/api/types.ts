import type { components, paths } from './schema';

export type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type AutopilotSettings = Json<paths['/autopilot/settings']['get']['responses'][200]>;
export type AutopilotSettingsPatch = NonNullable<Json<NonNullable<paths['/autopilot/settings']['patch']['requestBody']>>>;
export type Product = Json<paths['/product']['get']['responses'][200]>;
export type ProductInput = NonNullable<Json<NonNullable<paths['/product']['put']['requestBody']>>>;
export type ApiKey = Json<paths['/keys']['get']['responses'][200]>['keys'][number];
export type NewApiKey = Json<paths['/keys']['post']['responses'][201]>;
export type SenderIdentity = NonNullable<AutopilotSettings['sender_identity']>;
export type { components };
