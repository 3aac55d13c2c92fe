import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
// eslint-disable-next-line no-restricted-imports -- only reads the table to mark
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '@/lib/api-client';
import { objectPath } from '../lib/paths';
import { useOp } from '@/lib/qry';
import { useObjectNameOf } from '@/lib/entity-names';

function bytes(n: number | null, locale: string): string {
  if (n === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v)} ${units[i]}`;
}

/** DATA TABLES: the physical tables behind the domain's objects, with row counts and size. */
export function TablesScreen() {
  const { t, i18n } = useTranslation('platform');
  const tables = useOp('tables.list', {});
  const objectNameOf = useObjectNameOf();
  // `?table=<name>` (the DATA TABLES menu's links): that table's row is marked and in view.
  const [params] = useSearchParams();
  const chosen = params.get('table');
  useEffect(() => {
    if (!chosen || !tables.data) return;
    document
      .querySelector(`[data-table-name="${CSS.escape(chosen)}"]`)
      ?.scrollIntoView({ block: 'center' });
  }, [chosen, tables.data]);
  const nf = new Intl.NumberFormat(i18n.language);
  const items = tables.data?.items ?? [];
  const totalRows = items.reduce((n, x) => n + x.rows, 0);
  const totalSize = items.every((x) => x.sizeBytes === null)
    ? null
    : items.reduce((n, x) => n + (x.sizeBytes ?? 0), 0);
  return (
    <Stack data-testid="tables-screen">
      <Group justify="space-between">
        <div>
          <Title order={3}>{t('tables.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('tables.hint')}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void tables.refetch()}
          loading={tables.isFetching}
        >
          {t('common:actions.refresh')}
        </Button>
      </Group>
      {tables.isLoading && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {tables.isError && (
        <Alert color="red" title={t('tables.loadError')}>
          {messageOf(tables.error)}
        </Alert>
      )}
      {tables.data && items.length === 0 && (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center">
            {t('tables.none')}
          </Text>
        </Card>
      )}
      {items.length > 0 && (
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tables.table')}</Table.Th>
                  <Table.Th>{t('tables.object')}</Table.Th>
                  <Table.Th>{t('tables.kind')}</Table.Th>
                  <Table.Th ta="right">{t('tables.rows')}</Table.Th>
                  <Table.Th ta="right">{t('tables.deletedRows')}</Table.Th>
                  <Table.Th ta="right">{t('tables.columns')}</Table.Th>
                  <Table.Th ta="right">{t('tables.size')}</Table.Th>
                  <Table.Th>{t('tables.indexes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((x) => (
                  <Table.Tr
                    key={x.tableName}
                    data-testid="table-row"
                    data-table-name={x.tableName}
                    aria-current={x.tableName === chosen ? 'true' : undefined}
                    bg={x.tableName === chosen ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    <Table.Td>
                      <code>{x.tableName}</code>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={objectPath(x.objectId)} size="sm">
                        {objectNameOf(x.objectId, x.objectName)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light">
                        {t(`kinds.${x.kind}`, { defaultValue: x.kind })}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {nf.format(x.rows)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {nf.format(x.deletedRows)}
                    </Table.Td>
                    <Table.Td ta="right">{nf.format(x.columns)}</Table.Td>
                    <Table.Td ta="right">{bytes(x.sizeBytes, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={x.indexes.join(', ') || '—'}
                        disabled={x.indexes.length === 0}
                        multiline
                        maw={320}
                      >
                        <Badge size="sm" variant="outline" color="gray">
                          {t('tables.indexCount', { count: x.indexes.length })}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>
                    {t('tables.totalTables', { count: items.length })}
                  </Table.Th>
                  <Table.Th ta="right">{nf.format(totalRows)}</Table.Th>
                  <Table.Th />
                  <Table.Th />
                  <Table.Th ta="right">{bytes(totalSize, i18n.language)}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
