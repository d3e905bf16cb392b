import { useQuery } from '@tanstack/react-query';
import { ApiError, api, data } from '../../api/client';

export const PORTALS = ['hubspot', 'portals'];

/** The account's HubSpot portals (`GET /hubspot/portals`). */
export function usePortals() {
  return useQuery({ queryKey: PORTALS, queryFn: () => data(api.GET('/hubspot/portals')), retry: (count, error) => !isOff(error) && count < 2 });
}

/** The engine runs without the HubSpot app: its routes are not there at all. */
const isOff = (error: unknown) => error instanceof ApiError && error.status === 404 && error.code === 'not_found';

/** Whether the engine serves the HubSpot app, known once its portals were asked for: the navigation shows the page only then. */
export function useHubSpotServed(): boolean {
  const portals = usePortals();
  return portals.isSuccess || (portals.isError && !isOff(portals.error));
}
