import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import type { ApiToken } from '@fiscus/contracts';
import type { TFunction } from 'i18next';

/** A token's state at `now` (an ISO time). */
function tokenState(x: ApiToken, now: string): 'active' | 'revoked' | 'expired' {
  if (x.revokedAt) return 'revoked';
  if (x.expiresAt && x.expiresAt <= now) return 'expired';
  return 'active';
}

export interface ApiTokensTableProps {
  items: readonly ApiToken[];
  /** Texts of the feature's namespace: its `tokens.*` keys. */
  t: TFunction;
  /** A date and time in the user's locale. */
  date: (iso: string | null) => string;
  onRevoke: (token: ApiToken) => void;
  /** Test ids: `<prefix>s-table`, `<prefix>-row`, `<prefix>-revoke`. */
  testPrefix: string;
  /** With names of objects: a column with the objects each token is limited to. */
  objectName?: ReadonlyMap<string, string>;
  /** Say who made each token (the domain's tokens). */
  showMaker?: boolean;
}

/**
 * API tokens as a table: name, (objects,) scope, expiry, last use, state and a revoke button
 * for the active ones — the member's personal tokens and the domain's tokens alike.
 */
export function ApiTokensTable({
  items,
  t,
  date,
  onRevoke,
  testPrefix,
  objectName,
  showMaker,
}: ApiTokensTableProps) {
  const now = new Date().toISOString();
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={objectName ? 720 : 640}>
        <Table verticalSpacing="sm" data-testid={`${testPrefix}s-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tokens.name')}</Table.Th>
              <Table.Th>{t('tokens.scope')}</Table.Th>
              {objectName && <Table.Th>{t('tokens.objects')}</Table.Th>}
              <Table.Th>{t('tokens.expires')}</Table.Th>
              <Table.Th>{t('tokens.lastUsed')}</Table.Th>
              <Table.Th>{t('tokens.state')}</Table.Th>
              <Table.Th aria-label={t('tokens.revoke')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((x) => {
              const state = tokenState(x, now);
              return (
                <Table.Tr key={x.id} data-testid={`${testPrefix}-row`}>
                  <Table.Td>
                    <Text fw={500}>{x.name}</Text>
                    <Text size="xs" c="dimmed">
                      …{x.hint} ·{' '}
                      {showMaker
                        ? t('tokens.createdBy', {
                            name: x.createdByName ?? '—',
                            date: date(x.createdAt),
                          })
                        : t('tokens.created', { date: date(x.createdAt) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={x.scope === 'write' ? 'orange' : 'blue'}>
                      {t(`tokens.scopes.${x.scope}`)}
                    </Badge>
                  </Table.Td>
                  {objectName && (
                    <Table.Td>
                      {x.objects ? (
                        <Group gap={4}>
                          {x.objects.map((id) => (
                            <Badge key={id} variant="outline" color="gray">
                              {objectName.get(id) ?? id}
                            </Badge>
                          ))}
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('tokens.allObjects')}
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  <Table.Td>{x.expiresAt ? date(x.expiresAt) : t('tokens.never')}</Table.Td>
                  <Table.Td>{x.lastUsedAt ? date(x.lastUsedAt) : t('tokens.notUsed')}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="dot"
                      color={state === 'active' ? 'teal' : state === 'expired' ? 'yellow' : 'gray'}
                    >
                      {t(`tokens.states.${state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {state === 'active' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => onRevoke(x)}
                        data-testid={`${testPrefix}-revoke`}
                      >
                        {t('tokens.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
