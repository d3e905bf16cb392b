import { Badge, Group, List, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Preview } from './types';

type Place = Preview['contacts'][number]['today'];

/** Where a contact stands, in words: "EMEA SaaS", "waiting", "skipped (free mailbox provider)". */
function placeText(place: Place): string {
  if (place.state === 'enrolled' && place.autopilot) return place.autopilot;
  return place.reason ? `${place.state} (${place.reason.replaceAll('_', ' ')})` : place.state;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

interface PreviewPanelProps {
  preview?: Preview;
  /** A new preview is on its way (the draft changed). */
  updating: boolean;
  /** Why there is no preview: the draft has errors, the preview failed, the user may not preview. */
  unavailable?: string;
}

/** The draft against the contacts received last: what it would match and enrol, whom it takes from, and each rule per contact. */
export function PreviewPanel({ preview, updating, unavailable }: PreviewPanelProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="preview-heading">
            Preview
          </Title>
          {updating && <Loader size="xs" aria-label="Updating the preview" />}
        </Group>
        {unavailable && <Text size="sm">{unavailable}</Text>}
        {!unavailable && !preview && <Text size="sm">Reading the contacts received last…</Text>}
        {!unavailable && preview && preview.contacts_checked === 0 && (
          <Text size="sm">No contacts received yet: the preview shows what this Autopilot would do with the last 100 contacts once the CRM sends some.</Text>
        )}
        {!unavailable && preview && preview.contacts_checked > 0 && (
          <>
            <Text size="sm" c="dimmed">
              At position {preview.position}
              {preview.fallback ? ', as a fallback,' : ''} against the last {preview.contacts_checked} contacts received.
            </Text>
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="preview-counts">
              <Count label="would match" value={preview.would_match} />
              <Count label="would enrol" value={preview.would_enrol} />
              <Count label="still waiting" value={preview.still_waiting} />
              <Count label="skipped" value={preview.skipped} />
            </SimpleGrid>
            {(preview.taken_from.length > 0 || preview.from_waiting > 0) && (
              <List size="sm" spacing={2}>
                {preview.taken_from.map((taken) => (
                  <List.Item key={taken.autopilot}>
                    {taken.contacts} taken from “{taken.autopilot}”
                  </List.Item>
                ))}
                {preview.from_waiting > 0 && <List.Item>{preview.from_waiting} that no Autopilot gets today</List.Item>}
              </List>
            )}
            {/* Focusable, so the table scrolls sideways by keyboard at phone width. */}
            <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Contacts with the draft">
              <Table verticalSpacing={6} fz="sm" miw={340} style={{ tableLayout: 'fixed' }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Contact</Table.Th>
                    <Table.Th>Rules</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.contacts.map((contact) => (
                    <Table.Tr key={`${contact.source}:${contact.id}`}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {contact.email ?? contact.id}
                          </Text>
                          <Badge size="xs" variant="filled" color={contact.matches ? 'teal.9' : 'gray.7'}>
                            {contact.matches ? 'matches' : 'no match'}
                          </Badge>
                          <Text size="xs">Today: {placeText(contact.today)}</Text>
                          <Text size="xs">With this draft: {placeText(contact.with_draft)}</Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        {contact.rules.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            no rules
                          </Text>
                        ) : (
                          <List size="sm" spacing={2}>
                            {contact.rules.map((rule) => (
                              <List.Item key={rule.rule}>{rule.text}</List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
