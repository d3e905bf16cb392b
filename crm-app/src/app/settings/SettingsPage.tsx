import {
  Alert,
  Button,
  DescriptionList,
  DescriptionListItem,
  Divider,
  Flex,
  Heading,
  hubspot,
  LoadingSpinner,
  StatusTag,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Tag,
  Text,
  Toggle,
} from '@hubspot/ui-extensions';
import { useCallback, useEffect, useState } from 'react';
import { type Fetcher, readAnswer, type SettingsAnswer, type SettingsChange, SETTINGS_URL, type Watch } from './settingsAnswer.ts';

type AddAlert = (alert: { type?: 'info' | 'warning' | 'success' | 'danger' | 'tip'; message: string; title?: string }) => void;

// HubSpot renders the page in its settings tab of the app (Connected apps); hubspot.fetch signs each request for the portal and user.
hubspot.extend<'settings'>(({ actions }) => <SettingsPage fetcher={hubspot.fetch as Fetcher} addAlert={actions.addAlert} />);

const WATCH_TAGS: Record<Watch, { variant: 'success' | 'info' | 'danger'; words: string }> = {
  webhook: { variant: 'success', words: 'Webhook' },
  sweep: { variant: 'info', words: 'Sweep' },
  not_watched: { variant: 'danger', words: 'Not watched' },
};

/**
 * The app's settings page: the Prospect Research account the portal feeds (or how to claim it), the
 * Autopilots that take its contacts in routing order, how each stop property's changes reach them,
 * and a switch per property written and for research notes. A switch saves at once through the
 * engine and shows what the engine saved; a refusal is shown in the engine's words and the switch
 * goes back.
 */
export function SettingsPage({ fetcher, addAlert }: { fetcher: Fetcher; addAlert: AddAlert }) {
  const [answer, setAnswer] = useState<SettingsAnswer | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [saving, setSaving] = useState<string | undefined>();

  const load = useCallback(async () => {
    setFailure(undefined);
    try {
      setAnswer(await readAnswer(await fetcher(SETTINGS_URL, { method: 'GET' })));
    } catch (error) {
      setFailure((error as Error).message);
    }
  }, [fetcher]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (what: string, change: SettingsChange) => {
    setSaving(what);
    try {
      setAnswer(await readAnswer(await fetcher(SETTINGS_URL, { method: 'PUT', body: change })));
    } catch (error) {
      addAlert({ type: 'danger', title: 'Not saved', message: (error as Error).message });
    } finally {
      setSaving(undefined);
    }
  };

  if (answer === undefined) {
    if (failure === undefined) return <LoadingSpinner label="Loading the settings" />;
    return (
      <Alert title="The settings could not be loaded" variant="danger">
        <Text>{failure}</Text>
        <Button onClick={() => void load()}>Try again</Button>
      </Alert>
    );
  }

  return (
    <Flex direction="column" gap="md">
      <Heading>Prospect Research account</Heading>
      {answer.account ? (
        <DescriptionList direction="row">
          <DescriptionListItem label="Account">
            <Text testId="account">{`${answer.account.name} (account ${answer.account.id})`}</Text>
          </DescriptionListItem>
          <DescriptionListItem label="HubSpot account">
            <Text>{String(answer.portal_id)}</Text>
          </DescriptionListItem>
        </DescriptionList>
      ) : (
        <Alert title="Not claimed yet" variant="warning">
          <Text testId="claim">{answer.claim ?? 'This HubSpot account feeds no Prospect Research account.'}</Text>
        </Alert>
      )}

      <Divider />
      <Heading>Autopilots that take this portal's contacts</Heading>
      {answer.autopilots.length === 0 ? (
        <Text testId="no-autopilots">No Autopilot is enabled: new contacts wait until one is.</Text>
      ) : (
        <Table bordered={true}>
          <TableHead>
            <TableRow>
              <TableHeader>Order</TableHeader>
              <TableHeader>Autopilot</TableHeader>
              <TableHeader>Takes</TableHeader>
              <TableHeader>Does</TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.autopilots.map((autopilot) => (
              <TableRow key={autopilot.name}>
                <TableCell>{String(autopilot.position)}</TableCell>
                <TableCell>
                  <Text>{autopilot.name}</Text>
                  {autopilot.fallback ? <Tag variant="info">Fallback</Tag> : null}
                </TableCell>
                <TableCell>{autopilot.takes}</TableCell>
                <TableCell>{autopilot.does}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <Divider />
      <Heading>Stop conditions</Heading>
      {answer.stop_properties.length === 0 ? (
        <Text testId="no-stops">No Autopilot stops a lead on a property change.</Text>
      ) : (
        <Table bordered={true}>
          <TableHead>
            <TableRow>
              <TableHeader>Property</TableHeader>
              <TableHeader>Watched by</TableHeader>
              <TableHeader>What that means</TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.stop_properties.map((stop) => (
              <TableRow key={stop.property}>
                <TableCell>{stop.property}</TableCell>
                <TableCell>
                  <StatusTag variant={WATCH_TAGS[stop.watched].variant}>{WATCH_TAGS[stop.watched].words}</StatusTag>
                </TableCell>
                <TableCell>{stop.text}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <Divider />
      <Heading>Properties written to contacts</Heading>
      <Text>A property turned off is left as it is in HubSpot; turned on again, each contact gets its value within a minute.</Text>
      {answer.writeback.map((entry) => (
        <Toggle
          key={entry.property}
          name={entry.property}
          label={entry.label}
          checked={entry.on}
          readonly={saving !== undefined}
          textChecked="Written"
          textUnchecked="Not written"
          onChange={(checked) => void save(entry.property, { writeback: { [entry.property]: checked } })}
        />
      ))}

      <Divider />
      <Heading>Research notes</Heading>
      <Toggle name="notes" label="Log each research brief as a note on its contact" checked={answer.notes} readonly={saving !== undefined} onChange={(checked) => void save('notes', { notes: checked })} />
      <Text testId="notes-text">{answer.notes_text}</Text>
    </Flex>
  );
}
