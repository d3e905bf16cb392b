import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ApiError } from './api/client';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

/** Refusals (4xx) are answers, not hiccups: only failures to reach the engine are tried again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2, refetchOnWindowFocus: false },
  },
});

/** Where the engine serves the dashboard (engine/src/dashboard). */
export const BASENAME = '/app';

export function App({ client = queryClient, basename = BASENAME }: { client?: QueryClient; basename?: string }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={client}>
        <BrowserRouter basename={basename}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
