import type { CrmSource } from '@prospect-research/engine';

/**
 * The engine source of a portal's contacts (`hubspot:<portal id>`). A contact is one (account, source,
 * id): two portals linked to one account, or a portal and the account's API, never share a contact, so
 * routing, leads, writeback, notes, deletions and merges all stay within the portal they came from.
 */
export const sourceName = (portalId: number | string): string => `hubspot:${portalId}`;

export const portalSource = (accountId: number, portalId: number | string): CrmSource => ({ accountId, source: sourceName(portalId) });
