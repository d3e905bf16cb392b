import { useEffect } from 'react';

export const LEAVE_QUESTION = 'Leave without saving? The changes to this Autopilot are not saved.';

/**
 * While there are unsaved changes: the browser asks before the page is closed or reloaded, and a click
 * on a link inside the app asks before it leaves (the app's router has no blocker of its own).
 */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || event.defaultPrevented || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
