import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../src/theme';

/** One scripted answer of the fake engine: a status and a JSON body (none for 204). */
export type Answer = { status: number; body?: unknown };
export type Routes = Record<string, Answer | ((body: unknown) => Answer)>;

/**
 * The engine as the components meet it: `fetch` answering `"METHOD /path"` from `routes`, each call
 * recorded. Anything else answers 404 `not_found`, as the engine does.
 */
export function fakeEngine(routes: Routes) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost:3000'), init);
    const text = await request.text();
    const body = text === '' ? undefined : JSON.parse(text);
    const { pathname: path, searchParams: query } = new URL(request.url);
    calls.push({ method: request.method, path, query, body, headers: request.headers });
    const route = routes[`${request.method} ${path}`];
    const answer = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { error: 'not_found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

/** The page in the app's providers, its address `at` (`/replies?kind=bounce`). */
export function renderPage(page: ReactNode, { at = '/' }: { at?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
