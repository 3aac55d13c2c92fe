import { ApiTokensTable } from '@/components/api-tokens-table';
import { SecretOnceModal } from '@/components/secret-once-modal';
import {
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import type { ApiToken, TokenScope } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, ListStates } from '@/components/list-shell';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';

const EXPIRIES = ['30', '90', '365', 'never'] as const;

/**
 * Account Settings → API tokens: the member's personal tokens in the current domain — made with
 * a name, a scope and an expiry, the token shown once; listed with scope, expiry, last use and
 * state; revoked at once.
 */
export function ApiTokensTab() {
  const { t, i18n } = useTranslation('account');
  const list = useOp('tokens.list', {});
  const objects = useOp('objects.list', {});
  const [limit, setLimit] = useState<string[]>([]);
  const create = useOpMutation('tokens.create');
  const revoke = useOpMutation('tokens.revoke');
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>('90');
  const [nameError, setNameError] = useState<string | undefined>();
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const date = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : '—';

  const submit = () => {
    if (!name.trim()) {
      setNameError(t('tokens.required'));
      return;
    }
    setNameError(undefined);
    create.mutate(
      {
        name: name.trim(),
        scope,
        expiresInDays: expiry === 'never' ? null : Number(expiry),
        objects: limit.length ? limit : null,
      },
      {
        onSuccess: (out) => {
          setShown({ name: out.token.name, secret: out.secret });
          setName('');
          setLimit([]);
        },
        onError: (err) => {
          const fields = errorOf(err)?.fields;
          if (fields?.name?.[0]) setNameError(fields.name[0]);
          notifications.show({ color: 'red', message: messageOf(err) });
        },
      },
    );
  };

  const items = list.data?.items ?? [];
  return (
    <Stack gap="lg" data-testid="api-tokens">
      <Stack gap={4}>
        <Title order={4}>{t('tokens.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('tokens.hint')}
        </Text>
      </Stack>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('tokens.name')}
              placeholder={t('tokens.namePlaceholder')}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              data-testid="token-name"
            />
            <Select
              label={t('tokens.scope')}
              value={scope}
              onChange={(v) => v && setScope(v as TokenScope)}
              data={[
                { value: 'read', label: t('tokens.scopes.read') },
                { value: 'write', label: t('tokens.scopes.write') },
              ]}
              allowDeselect={false}
              data-testid="token-scope"
            />
            <Select
              label={t('tokens.expiry')}
              value={expiry}
              onChange={(v) => v && setExpiry(v as (typeof EXPIRIES)[number])}
              data={EXPIRIES.map((e) => ({
                value: e,
                label: e === 'never' ? t('tokens.never') : t('tokens.days', { count: Number(e) }),
              }))}
              allowDeselect={false}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('tokens.objects')}
            description={t('tokens.objectsHint')}
            placeholder={limit.length ? undefined : t('tokens.allObjects')}
            data={(objects.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={limit}
            onChange={setLimit}
            searchable
            clearable
            data-testid="token-objects"
          />
          <Group justify="flex-end">
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={submit}
              loading={create.isPending}
              data-testid="token-create"
            >
              {t('tokens.create')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <ListStates
        query={list}
        total={list.data?.items.length}
        testId="tokens"
        errorTitle={t('tokens.loadFailed')}
        empty={{ icon: <IconKey size={30} />, title: t('tokens.none'), text: t('tokens.noneHint') }}
      >
        <ApiTokensTable items={items} t={t} date={date} onRevoke={setRevoking} testPrefix="token" />
      </ListStates>
      <SecretOnceModal
        shown={shown}
        onClose={() => setShown(null)}
        title={t('tokens.shownTitle', { name: shown?.name ?? '' })}
        warning={t('tokens.shownOnce')}
        hint={t('tokens.usage')}
        labels={{ copy: t('tokens.copy'), copied: t('tokens.copied'), done: t('tokens.done') }}
        testId="token-secret"
      />
      <ConfirmDelete
        opened={revoking !== null}
        title={t('tokens.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('tokens.revokeText')}
        pending={revoke.isPending}
        confirmLabel={t('tokens.revoke')}
        confirmTestId="token-revoke-confirm"
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(
            { id: revoking.id },
            {
              onSuccess: () => {
                setRevoking(null);
                notifications.show({ color: 'teal', message: t('tokens.revoked') });
              },
              onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
            },
          )
        }
      />
    </Stack>
  );
}
