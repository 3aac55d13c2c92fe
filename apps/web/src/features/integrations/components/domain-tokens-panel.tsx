import { ApiTokenForm, useTokenCreation } from '@/components/api-token-form';
import { ApiTokensTable } from '@/components/api-tokens-table';
import { SecretOnceModal } from '@/components/secret-once-modal';
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconKey } from '@tabler/icons-react';
import type { ApiToken } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, ListStates } from '@/components/list-shell';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { shownName } from '@/lib/names';

/**
 * The domain's API tokens: made with a name, a scope, the objects they are limited to and an
 * expiry; the token shown once; listed with who made it, scope, objects, expiry, last use and
 * state; revoked at once.
 */
export function DomainTokensPanel() {
  const { t, i18n } = useTranslation('integrations');
  const list = useOp('domainTokens.list', {});
  const objects = useOp('objects.list', {});
  const create = useOpMutation('domainTokens.create');
  const revoke = useOpMutation('domainTokens.revoke');
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const date = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : '—';
  const objectName = new Map(
    (objects.data?.items ?? []).map((o) => [o.id, shownName(o, i18n.language)]),
  );

  const { shown, setShown, errors, submit } = useTokenCreation(create);

  const items = list.data?.items ?? [];
  return (
    <Stack gap="lg" data-testid="domain-tokens">
      <Stack gap={4}>
        <Title order={4}>{t('tokens.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('tokens.hint')}
        </Text>
      </Stack>
      <ApiTokenForm
        t={t}
        objects={objects.data?.items ?? []}
        pending={create.isPending}
        errors={errors}
        onCreate={submit}
        testPrefix="domain-token"
      />
      <ListStates
        query={list}
        total={list.data?.items.length}
        testId="domain-tokens"
        errorTitle={t('tokens.loadFailed')}
        empty={{ icon: <IconKey size={30} />, title: t('tokens.none'), text: t('tokens.noneHint') }}
      >
        <ApiTokensTable
          items={items}
          t={t}
          date={date}
          onRevoke={setRevoking}
          testPrefix="domain-token"
          objectName={objectName}
          showMaker
        />
      </ListStates>
      <SecretOnceModal
        shown={shown}
        onClose={() => setShown(null)}
        title={(name) => t('tokens.shownTitle', { name })}
        warning={t('tokens.shownOnce')}
        hint={t('tokens.usage')}
        labels={{ copy: t('tokens.copy'), copied: t('tokens.copied'), done: t('tokens.done') }}
        testId="domain-token-secret"
      />
      <ConfirmDelete
        opened={revoking !== null}
        title={t('tokens.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('tokens.revokeText')}
        pending={revoke.isPending}
        confirmLabel={t('tokens.revoke')}
        confirmTestId="domain-token-revoke-confirm"
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
