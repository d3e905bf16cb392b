import type {
  IAuthenticateGeneric,
  IAuthenticateRuleResponseCode,
  IAuthenticateRuleResponseSuccessBody,
  Icon,
  ICredentialTestRequest,
  ICredentialType,
  INodeProperties,
} from 'n8n-workflow';

/**
 * n8n checks each rule by its own `type` (status-code rules on an error answer, body rules on a
 * success), but its type declares a list of one kind only: hence one cast for the mixed list.
 */
const testRules = [
  {
    type: 'responseCode',
    properties: {
      value: 401,
      message: 'The engine refused the API key: paste the whole key, or create a new one (prospect-engine keys create)',
    },
  },
  {
    type: 'responseCode',
    properties: { value: 404, message: 'No Prospect Research engine answers at this Base URL (GET /account: 404)' },
  },
  {
    type: 'responseSuccessBody',
    properties: {
      key: 'plan',
      value: undefined,
      message: 'The server at this Base URL is not a Prospect Research engine (its GET /account has no plan)',
    },
  },
] satisfies Array<IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody> as IAuthenticateRuleResponseCode[];

export class ProspectResearchApi implements ICredentialType {
  name = 'prospectResearchApi';

  displayName = 'Prospect Research API';

  icon: Icon = { light: 'file:../nodes/Research/research.svg', dark: 'file:../nodes/Research/research.dark.svg' };

  documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-prospect-research#credentials';

  properties: INodeProperties[] = [
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      required: true,
      placeholder: 'pr_live_...',
      description: 'The key printed once when it was created (prospect-engine keys create)',
    },
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: 'http://localhost:3000',
      required: true,
      description: 'Where the Prospect Research engine listens, without a trailing slash',
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: {
      headers: {
        Authorization: '=Bearer {{$credentials.apiKey}}',
      },
    },
  };

  // Saving the credential calls GET /account: a wrong key or URL fails at once. Without the rules n8n
  // would say only "Unauthorized", and would accept any web server that answers 200 (a wrong port).
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
      url: '/account',
      method: 'GET',
    },
    rules: testRules,
  };
}
