import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen, its scrolling area reachable by keyboard too. */
export function ScrollingTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', 'aria-label': `${label}: scroll sideways` } }}>
      {children}
    </Table.ScrollContainer>
  );
}
