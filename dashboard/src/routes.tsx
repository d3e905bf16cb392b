import { Center, Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from './api/session';
import { ErrorState } from './components/States';
import { Shell } from './shell/Shell';

// Each page is its own chunk: the first load carries the shell and the page asked for, not all of them.
const AutopilotsList = lazy(() => import('./pages/autopilots/list/AutopilotsList'));
const AutopilotEditor = lazy(() => import('./pages/autopilots/editor/AutopilotEditor'));
const SignIn = lazy(() => import('./pages/SignIn'));
const Invitation = lazy(() => import('./pages/Invitation'));
const Settings = lazy(() => import('./pages/Settings'));
const Product = lazy(() => import('./pages/Product'));
const ApiKeys = lazy(() => import('./pages/ApiKeys'));
const Credits = lazy(() => import('./pages/Credits'));
const NotFound = lazy(() => import('./pages/NotFound'));

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
  return <Shell session={session.data}>{children}</Shell>;
}

const page = (element: ReactNode) => <SignedIn>{element}</SignedIn>;

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/sign-in" element={<SignIn />} />
        <Route path="/invitation/:token" element={<Invitation />} />
        <Route path="/" element={<Navigate to="/autopilots" replace />} />
        <Route path="/autopilots" element={page(<AutopilotsList />)} />
        <Route path="/autopilots/new" element={page(<AutopilotEditor />)} />
        <Route path="/autopilots/:name" element={page(<AutopilotEditor />)} />
        <Route path="/settings" element={page(<Settings />)} />
        <Route path="/product" element={page(<Product />)} />
        <Route path="/keys" element={page(<ApiKeys />)} />
        <Route path="/credits" element={page(<Credits />)} />
        <Route path="*" element={page(<NotFound />)} />
      </Routes>
    </Suspense>
  );
}
