import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../components/States';

export default function NotFound() {
  return (
    <EmptyState
      title="No such page"
      action={
        <Button component={Link} to="/settings" variant="light">
          Go to Settings
        </Button>
      }
    >
      The address does not name a page of the dashboard.
    </EmptyState>
  );
}
