/**
 * The third-party clients several features share: Unipile (its client, messaging, webhooks, the
 * catch-up lists), the OpenAI-compatible chat client with its settings, and the per-process cap on calls
 * to each (callConcurrency).
 */

export { callConcurrency } from './callConcurrency.ts';
export { type ChatClient, type ChatMessage, sharedChatClient, WriterError } from './openai/chatClient.ts';
export { type OpenAISettings, openaiSettings } from './openai/settings.ts';
export { createUnipileClient, UNIPILE, type UnipileClient, type UnipileFailure, unipileFailure, type UnipileOptions } from './unipile/client.ts';
export {
  messagesAfter,
  parseWebhook,
  registerWebhooks,
  relationsSince,
  UNIPILE_WEBHOOK_HEADER,
  type UnipileMessage,
  type UnipileReader,
  type UnipileRelation,
  webhookRegistrar,
  type WebhookRegistrar,
} from './unipile/inbound.ts';
export {
  type HostedAccount,
  type HostedAccountReader,
  hostedAccountReader,
  type HostedAuthLinker,
  hostedAuthLinker,
  type HostedAuthProvider,
  type HostedAuthRequest,
} from './unipile/hostedAuth.ts';
export { linkedinIdentifier } from './unipile/linkedin.ts';
export { accountStatus, sendInvitation, sendMessage, startChat, userProfile } from './unipile/messaging.ts';
export { unipileConnection, type UnipileConnection } from './unipile/settings.ts';
