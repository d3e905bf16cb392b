import type { ContactReason, ContactState } from './contactsApi';

/** Where routing put a contact, in words (docs/autopilot.md, "States and reasons"). */
export const STATE_WORDS: Record<ContactState, string> = {
  received: 'Received',
  waiting: 'Waiting',
  enrolled: 'Enrolled',
  skipped: 'Skipped',
  abandoned: 'Abandoned',
};

/** Badge colours (filled, with Mantine's automatic text contrast): dark enough for WCAG AA in both themes. */
export const STATE_COLORS: Record<ContactState, string> = {
  received: 'gray.7',
  waiting: 'yellow.4',
  enrolled: 'teal.9',
  skipped: 'gray.7',
  abandoned: 'red.9',
};

export const REASON_WORDS: Record<ContactReason, string> = {
  matched: 'its filter matched',
  fallback: 'a fallback took it',
  reprocessed: 'reprocessed by hand',
  assigned: 'assigned by hand',
  no_match: 'no Autopilot matches',
  no_email: 'no valid e-mail address',
  credits_exhausted: 'waiting for credits',
  no_product: 'no product to research against',
  role_based_address: 'a role address',
  free_mailbox_provider: 'a free mailbox provider',
  excluded_domain: 'an excluded domain',
  unsubscribed: 'unsubscribed',
  removed_in_crm: 'deleted in the CRM',
};

export const STATES = Object.keys(STATE_WORDS) as ContactState[];
export const REASONS = Object.keys(REASON_WORDS) as ContactReason[];
