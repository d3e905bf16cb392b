import { Alert, Divider, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { PageHeader } from '../../components/States';
import { Mailboxes } from './Mailboxes';
import { Seats } from './Seats';

/** What Unipile's hosted authentication says when it brings the person back (`?seat=connected|failed`). */
function ReturnNotice({ outcome, onClose }: { outcome: string | null; onClose: () => void }) {
  if (outcome === 'connected') {
    return (
      <Alert color="green" role="status" title="Seat connected" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
        Unipile connected the account; it is listed below as soon as Unipile has told the engine.
      </Alert>
    );
  }
  if (outcome === 'failed') {
    return (
      <Alert color="red" role="alert" title="The seat was not connected" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
        Unipile could not connect the account. Try again, or reconnect the seat from its card.
      </Alert>
    );
  }
  return null;
}

export default function Channels() {
  const role = useSession().data?.role;
  const [params, setParams] = useSearchParams();
  const outcome = params.get('seat');
  return (
    <>
      <PageHeader title="Channels" description="The mailboxes and seats the Autopilots send from, with their hours, limits and what they used today." />
      <Stack gap="xl" maw={1100}>
        <ReturnNotice outcome={outcome} onClose={() => setParams({}, { replace: true })} />
        {role === 'member' && (
          <Alert color="gray" role="note">
            You can read the channels; admins and owners change them.
          </Alert>
        )}
        <Mailboxes canChange={role !== undefined && role !== 'member'} />
        <Divider />
        <Seats canChange={role !== undefined && role !== 'member'} canConnect={role === 'owner'} watching={outcome === 'connected'} />
      </Stack>
    </>
  );
}
