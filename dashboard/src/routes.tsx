import { Center, Loader } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchPath, Navigate, type Params, Route, Routes, useLocation } from 'react-router';
import { sessionQuery, useSession } from './api/session';
import { ErrorState } from './components/States';
import { prefetchLead } from './pages/leads/leadsApi';
import { Shell } from './shell/Shell';

/** A page of the dashboard: its address, its chunk, and what it asks the engine for first (when known before it renders). */
interface PageRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Sign-in and an invitation are for anyone; every other page is behind the session, in the shell. */
  open?: true;
  data?: (params: Params, client: QueryClient) => Promise<unknown>;
}

// Each page is its own chunk: the first load carries the shell and the page asked for, not all of them.
// The more specific of two paths comes first (preloadPage takes the first that matches).
const PAGES: PageRoute[] = [
  { path: '/sign-in', load: () => import('./pages/SignIn'), open: true },
  { path: '/invitation/:token', load: () => import('./pages/Invitation'), open: true },
  { path: '/autopilots', load: () => import('./pages/autopilots/list/AutopilotsList') },
  { path: '/autopilots/new', load: () => import('./pages/autopilots/editor/AutopilotEditor') },
  { path: '/autopilots/:name', load: () => import('./pages/autopilots/editor/AutopilotEditor') },
  { path: '/contacts', load: () => import('./pages/contacts/ContactsList') },
  { path: '/contacts/:id', load: () => import('./pages/contacts/ContactPage') },
  { path: '/replies', load: () => import('./pages/replies/Replies') },
  { path: '/leads', load: () => import('./pages/leads/LeadsList') },
  { path: '/leads/:id', load: () => import('./pages/leads/lead/LeadPage'), data: ({ id }, client) => prefetchLead(client, Number(id)) },
  { path: '/research', load: () => import('./pages/research/ResearchPage') },
  { path: '/settings', load: () => import('./pages/Settings') },
  { path: '/product', load: () => import('./pages/Product') },
  { path: '/keys', load: () => import('./pages/ApiKeys') },
  { path: '/credits', load: () => import('./pages/Credits') },
  { path: '/stats', load: () => import('./pages/stats/Stats') },
  { path: '/webhooks', load: () => import('./pages/webhooks/Webhooks') },
  { path: '/channels', load: () => import('./pages/channels/Channels') },
  { path: '/hubspot', load: () => import('./pages/hubspot/HubSpot') },
  { path: '*', load: () => import('./pages/NotFound') },
];

// One lazy component a page, made once: the same import started early by preloadPage is found under way.
const ROUTES = PAGES.map((page) => ({ ...page, Page: lazy(page.load) }));

/**
 * A first load's waterfall (the bundle, then the session, then the shell's render, then the page's chunk,
 * then its data) run side by side instead: the session, the page's chunk and its first data are asked for
 * at once, while React starts. `pathname` is below the app's base (`/leads/12`). A failure here costs
 * nothing: the page asks again as it renders and shows what went wrong.
 */
export function preloadPage(pathname: string, client: QueryClient): void {
  void client.prefetchQuery(sessionQuery);
  for (const page of PAGES) {
    const match = matchPath(page.path, pathname);
    if (!match) continue;
    // The data first: its request leaves before the chunk's import adds its preload links.
    void page.data?.(match.params, client).catch(() => undefined);
    void page.load().catch(() => undefined);
    return;
  }
}

export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** Pages for a signed-in user: the sign-in page (coming back here afterwards) for anyone else. */
function SignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoader />;
  if (session.isError) return <ErrorState error={session.error} retry={() => void session.refetch()} />;
  if (!session.data) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  // The shell is drawn while the page's chunk and data are still on their way: a page that suspends waits inside it.
  return (
    <Shell session={session.data}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </Shell>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<Navigate to="/autopilots" replace />} />
        {ROUTES.map(({ path, open, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              open ? (
                <Page />
              ) : (
                <SignedIn>
                  <Page />
                </SignedIn>
              )
            }
          />
        ))}
      </Routes>
    </Suspense>
  );
}
