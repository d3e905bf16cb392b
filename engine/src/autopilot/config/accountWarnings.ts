import type { AutopilotSettings, Channel } from '../contract.ts';
import { pointer, type Problem } from '../../platform/validation/index.ts';
import type { StoredAutopilot } from './store.ts';

const quotedNames = (autopilots: StoredAutopilot[]) => autopilots.map((a) => `"${a.document.name}"`).join(', ');

/**
 * Warnings that depend on the rest of the account, by Autopilot id: a catch-all that hides the
 * Autopilots below it, e-mail steps that cannot send before the account has a signature and a sender
 * identity, and steps on a channel the account has no sender on (`senders`: the channels it has a
 * mailbox or seat on), which wait for one. `live` is the account's live Autopilots, top to bottom.
 *
 * Routing checks the enabled Autopilots that are not fallbacks top to bottom; a lead that matches none
 * waits, and before it is abandoned the fallbacks get their look, top to bottom. So an enabled catch-all
 * hides everything below it in its own pass; one that is not a fallback also hides every fallback, since
 * no lead is left waiting for them.
 */
export function accountWarnings(live: StoredAutopilot[], settings: AutopilotSettings, senders: ReadonlySet<Channel>): Map<number, Problem[]> {
  const warnings = new Map<number, Problem[]>(live.map((autopilot) => [autopilot.id, []]));
  const warn = (autopilot: StoredAutopilot, path: string, message: string) => warnings.get(autopilot.id)!.push({ severity: 'warning', path, message });

  live.forEach((catchAll, index) => {
    if (catchAll.document.filter.rules.length > 0) return;
    const pass = catchAll.document.fallback;
    const below = live.slice(index + 1).filter((other) => other.document.fallback === pass);
    const fallbacks = pass ? [] : live.filter((other) => other.document.fallback);
    const hidden = [...below, ...fallbacks];
    if (hidden.length === 0) return;
    const name = `"${catchAll.document.name}"`;
    if (!catchAll.document.enabled) {
      warn(catchAll, '/filter', `${name} has no rules: once switched on it matches every lead, and ${quotedNames(hidden)} will never be reached; move it to the bottom first`);
      return;
    }
    const why = [below.length > 0 ? `${quotedNames(below)} below it` : '', fallbacks.length > 0 ? `the fallback${fallbacks.length > 1 ? 's' : ''} ${quotedNames(fallbacks)}` : '']
      .filter(Boolean)
      .join(' and ');
    warn(
      catchAll,
      '/filter',
      `${name} has no rules, so it matches every lead and ${why} ${hidden.length > 1 ? 'are' : 'is'} never reached; move it to the bottom (PUT /autopilots/order, or prospect-engine autopilots order)`,
    );
    for (const other of hidden) {
      warn(other, '', `This Autopilot is never reached: ${name} (position ${catchAll.position}) has no rules and matches every lead first`);
    }
  });

  if (!settings.email_ready) {
    for (const autopilot of live) {
      const step = autopilot.document.sequence.findIndex((touch) => touch.channel === 'email');
      if (step >= 0) {
        warn(
          autopilot,
          pointer('sequence', step),
          'E-mail steps will not send until the account has an e-mail signature and a sender identity (PATCH /autopilot/settings, or prospect-engine settings set)',
        );
      }
    }
  }
  for (const autopilot of live) {
    const seen = new Set<Channel>();
    autopilot.document.sequence.forEach((touch, step) => {
      if (senders.has(touch.channel) || seen.has(touch.channel)) return;
      seen.add(touch.channel);
      warn(autopilot, pointer('sequence', step), NO_SENDER[touch.channel]);
    });
  }
  return warnings;
}

const NO_SENDER: Record<Channel, string> = {
  email: 'E-mail steps wait until the account has a mailbox (POST /mailboxes, or prospect-engine mailboxes add)',
  linkedin: 'Professional-network (linkedin) steps wait until the account has a linkedin seat (POST /seats/connect, or prospect-engine seats add)',
  whatsapp: 'Messaging-app (whatsapp) steps wait until the account has a whatsapp seat (POST /seats/connect, or prospect-engine seats add)',
  telegram: 'Chat-app (telegram) steps wait until the account has a telegram seat (POST /seats/connect, or prospect-engine seats add)',
};
