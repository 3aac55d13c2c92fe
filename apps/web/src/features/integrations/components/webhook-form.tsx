import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconAlertTriangle } from '@tabler/icons-react';
import { webhookEvents, type Webhook, type WebhookEvent } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownName } from '@/lib/names';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';

export const eventKey = (e: string) => e.replace('.', '_');

interface Errors {
  name?: string;
  url?: string;
  events?: string;
  objects?: string;
}

/**
 * Creating or editing a webhook: name, address, events, the objects whose record events are
 * sent, and whether private addresses are allowed. A new webhook's secret goes to `onCreated`.
 */
export function WebhookForm({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (name: string, secret: string) => void;
}) {
  const { t } = useTranslation('integrations');
  const objects = useOp('objects.list', {});
  const create = useOpMutation('webhooks.create');
  const update = useOpMutation('webhooks.update');
  const [name, setName] = useState(webhook?.name ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? ['record.created']);
  const [limit, setLimit] = useState<string[]>(webhook?.objects ?? []);
  const [allowPrivate, setAllowPrivate] = useState(webhook?.allowPrivate ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;

  const failed = (err: unknown) => {
    const f = errorOf(err)?.fields;
    setErrors({
      name: f?.name?.[0],
      url: f?.url?.[0],
      events: f?.events?.[0],
      objects: f?.objects?.[0],
    });
    notifications.show({ color: 'red', message: messageOf(err) });
  };

  const submit = () => {
    const next: Errors = {};
    if (!name.trim()) next.name = t('webhooks.required');
    if (!url.trim()) next.url = t('webhooks.urlRequired');
    if (!events.length) next.events = t('webhooks.eventsRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    const input = {
      name: name.trim(),
      url: url.trim(),
      events: events as WebhookEvent[],
      objects: limit.length ? limit : null,
      allowPrivate,
    };
    if (webhook)
      update.mutate(
        { id: webhook.id, ...input },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('webhooks.saved') });
            onClose();
          },
          onError: failed,
        },
      );
    else
      create.mutate(input, {
        onSuccess: (out) => {
          onClose();
          onCreated(out.webhook.name, out.secret);
        },
        onError: failed,
      });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={webhook ? t('webhooks.editTitle') : t('webhooks.createTitle')}
      size="lg"
      centered
    >
      <Stack gap="sm" data-testid="webhook-form">
        <TextInput
          label={t('webhooks.name')}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
          data-testid="webhook-name"
        />
        <TextInput
          label={t('webhooks.url')}
          placeholder={t('webhooks.urlPlaceholder')}
          value={url}
          maxLength={2000}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          data-testid="webhook-url"
        />
        <Checkbox.Group
          label={t('webhooks.events')}
          value={events}
          onChange={setEvents}
          error={errors.events}
          data-testid="webhook-events"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {webhookEvents.map((e) => (
              <Checkbox key={e} value={e} label={t(`webhooks.event.${eventKey(e)}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <MultiSelect
          label={t('webhooks.objects')}
          placeholder={limit.length ? undefined : t('webhooks.allObjects')}
          data={(objects.data?.items ?? []).map((o) => ({ value: o.id, label: shownName(o) }))}
          value={limit}
          onChange={setLimit}
          searchable
          clearable
          error={errors.objects}
          data-testid="webhook-objects"
        />
        <Switch
          label={t('webhooks.allowPrivate')}
          checked={allowPrivate}
          onChange={(e) => setAllowPrivate(e.currentTarget.checked)}
          data-testid="webhook-allow-private"
        />
        {allowPrivate ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm">{t('webhooks.allowPrivateHint')}</Text>
          </Alert>
        ) : (
          <Text size="xs" c="dimmed">
            {t('webhooks.allowPrivateHint')}
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('webhooks.cancel')}
          </Button>
          <Button onClick={submit} loading={pending} data-testid="webhook-save">
            {t('webhooks.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
