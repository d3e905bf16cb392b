import { Box, Grid, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  /** Figures align right. */
  numeric?: boolean;
}

/**
 * A chart with the same numbers in a table beside it (under it on a phone). The table is what a screen
 * reader reads: the chart is one image to it, named by `summary`.
 */
export function ChartPanel<Row>({
  title,
  summary,
  controls,
  chart,
  columns,
  rows,
  rowKey,
  wide = false,
}: {
  title: string;
  summary: string;
  controls?: ReactNode;
  chart: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A table of many columns: under the chart at every width, not beside it. */
  wide?: boolean;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {controls}
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: wide ? 12 : 7 }}>
            <Box role="img" aria-label={summary} h={260}>
              {chart}
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: wide ? 12 : 5 }}>
            {/* Focusable, so that a keyboard scrolls a long period's rows too. */}
            <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': `${title}: table` }}>
              <Table striped highlightOnHover stickyHeader verticalSpacing={4} fz="sm" captionSide="top">
                <Table.Caption>
                  <Text component="span" size="xs" c="dimmed">
                    {title}: the chart's numbers
                  </Text>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined}>
                        {column.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={rowKey(row)}>
                      {columns.map((column) => (
                        <Table.Td key={column.label} ta={column.numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                          {column.value(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
