import {
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import type { TokenScope } from '@fiscus/contracts';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { shownName } from '@/lib/names';
import { useState } from 'react';
import { errorOf, messageOf } from '@/lib/api-client';

const EXPIRIES = ['30', '90', '365', 'never'] as const;

/** A token-making op's mutation (personal or domain tokens: both answer the token and its secret). */
interface TokenCreation {
  mutate(
    token: NewApiToken,
    handlers: {
      onSuccess: (out: { token: { name: string }; secret: string }) => void;
      onError: (err: unknown) => void;
    },
  ): void;
}

/**
 * Making a token with the form: the server's field errors for the form, and the new token's
 * secret to show once (`shown`, cleared with `setShown(null)`).
 */
export function useTokenCreation(create: TokenCreation) {
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [errors, setErrors] = useState<{ name?: string; objects?: string }>({});
  const submit = (token: NewApiToken, done: () => void) => {
    setErrors({});
    create.mutate(token, {
      onSuccess: (out) => {
        setShown({ name: out.token.name, secret: out.secret });
        done();
      },
      onError: (err) => {
        const fields = errorOf(err)?.fields;
        setErrors({ name: fields?.name?.[0], objects: fields?.objects?.[0] });
        notifications.show({ color: 'red', message: messageOf(err) });
      },
    });
  };
  return { shown, setShown, errors, submit };
}

/** What a new token is made with. */
export interface NewApiToken {
  name: string;
  scope: TokenScope;
  expiresInDays: number | null;
  objects: string[] | null;
}

export interface ApiTokenFormProps {
  /** Texts of the feature's namespace: its `tokens.*` keys. */
  t: TFunction;
  /** The domain's objects a token may be limited to. */
  objects: readonly { id: string; name: string }[];
  pending: boolean;
  /** The server's refusals by field. */
  errors: { name?: string; objects?: string };
  /** Makes the token; `done` empties the form once it is made. */
  onCreate: (token: NewApiToken, done: () => void) => void;
  /** Test ids: `<prefix>-name`, `-scope`, `-objects`, `-create`. */
  testPrefix: string;
}

/**
 * The form that makes an API token — a name, a scope, an expiry and the objects it is limited to
 * (none: every object) — for a member's personal tokens and the domain's tokens alike.
 */
export function ApiTokenForm({
  t,
  objects,
  pending,
  errors,
  onCreate,
  testPrefix,
}: ApiTokenFormProps) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>('90');
  const [limit, setLimit] = useState<string[]>([]);
  const [nameRequired, setNameRequired] = useState(false);
  const submit = () => {
    setNameRequired(!name.trim());
    if (!name.trim()) return;
    onCreate(
      {
        name: name.trim(),
        scope,
        expiresInDays: expiry === 'never' ? null : Number(expiry),
        objects: limit.length ? limit : null,
      },
      () => {
        setName('');
        setLimit([]);
      },
    );
  };
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('tokens.name')}
            placeholder={t('tokens.namePlaceholder')}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameRequired ? t('tokens.required') : errors.name}
            data-testid={`${testPrefix}-name`}
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
            data-testid={`${testPrefix}-scope`}
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
          data={objects.map((o) => ({ value: o.id, label: shownName(o) }))}
          value={limit}
          onChange={setLimit}
          searchable
          clearable
          error={errors.objects}
          data-testid={`${testPrefix}-objects`}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={submit}
            loading={pending}
            data-testid={`${testPrefix}-create`}
          >
            {t('tokens.create')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
