import type {
  IAuthenticateGeneric,
  Icon,
  ICredentialTestRequest,
  ICredentialType,
  INodeProperties,
} from 'n8n-workflow';

export class ProspectResearchApi implements ICredentialType {
  name = 'prospectResearchApi';

  displayName = 'Prospect Research API';

  icon: Icon = { light: 'file:../nodes/Research/research.svg', dark: 'file:../nodes/Research/research.dark.svg' };

  documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-prospect-research';

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

  // Saving the credential calls GET /account: a wrong key (401 invalid_key) or URL fails at once.
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
      url: '/account',
      method: 'GET',
    },
  };
}
