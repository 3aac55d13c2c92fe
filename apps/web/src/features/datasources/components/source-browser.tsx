import {
  Alert,
  Badge,
  Button,
  Drawer,
  Grid,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDatabaseImport, IconSearch } from '@tabler/icons-react';
import type { Datasource, SourceTable } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';

export const tableLabel = (t: Pick<SourceTable, 'schema' | 'name'>) =>
  t.schema ? `${t.schema}.${t.name}` : t.name;

/** A cell of a preview, as text. */
export function cellText(v: string | number | boolean | null): string {
  if (v === null) return '—';
  return String(v);
}

/** Browses a source: its tables and views, a table's columns and types, its first rows. */
export function SourceBrowser({
  source,
  onClose,
  onMount,
}: {
  source: Datasource | null;
  onClose: () => void;
  /** Starts the mount wizard on a table (owners and admins). */
  onMount?: (table: SourceTable) => void;
}) {
  const { t, i18n } = useTranslation('datasources');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<SourceTable | null>(null);
  const tables = useOp('datasources.tables', { id: source?.id ?? '' }, { enabled: !!source });
  const preview = useOp(
    'datasources.preview',
    { id: source?.id ?? '', schema: picked?.schema ?? null, table: picked?.name ?? '', limit: 20 },
    { enabled: !!source && !!picked },
  );
  const shown = useMemo(
    () =>
      (tables.data?.tables ?? []).filter((x) =>
        tableLabel(x).toLowerCase().includes(query.trim().toLowerCase()),
      ),
    [tables.data, query],
  );
  const close = () => {
    setPicked(null);
    setQuery('');
    onClose();
  };

  return (
    <Drawer
      opened={!!source}
      onClose={close}
      position="right"
      size="xl"
      title={<Title order={4}>{t('browser.title', { name: source?.name ?? '' })}</Title>}
    >
      {tables.isLoading ? (
        <Loader />
      ) : tables.isError ? (
        <Alert color="red" data-testid="browser-error">
          {messageOf(tables.error)}
        </Alert>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs">
              <TextInput
                leftSection={<IconSearch size={16} />}
                placeholder={t('browser.search')}
                aria-label={t('browser.search')}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
              />
              {tables.data?.truncated && (
                <Text size="xs" c="dimmed">
                  {t('browser.truncated')}
                </Text>
              )}
              {shown.length === 0 && <Text c="dimmed">{t('browser.none')}</Text>}
              <ScrollArea.Autosize mah="70vh">
                {shown.map((x) => (
                  <NavLink
                    key={tableLabel(x)}
                    active={picked !== null && tableLabel(picked) === tableLabel(x)}
                    label={tableLabel(x)}
                    description={
                      x.rows !== null
                        ? t('browser.rows', {
                            count: x.rows,
                            formatted: x.rows.toLocaleString(i18n.language),
                          })
                        : undefined
                    }
                    rightSection={
                      <Badge size="xs" variant="light" color={x.kind === 'view' ? 'grape' : 'blue'}>
                        {x.kind === 'view' ? t('browser.view') : t('browser.table')}
                      </Badge>
                    }
                    onClick={() => setPicked(x)}
                    data-testid="browser-table"
                  />
                ))}
              </ScrollArea.Autosize>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {!picked ? (
              <Text c="dimmed">{t('browser.pick')}</Text>
            ) : (
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={5}>{tableLabel(picked)}</Title>
                  {onMount && (
                    <Button
                      size="xs"
                      leftSection={<IconDatabaseImport size={16} />}
                      onClick={() => onMount(picked)}
                    >
                      {t('browser.mount')}
                    </Button>
                  )}
                </Group>
                <Text fw={500} size="sm">
                  {t('browser.columns')}
                </Text>
                <Table.ScrollContainer minWidth={360}>
                  <Table striped withTableBorder data-testid="browser-columns">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('browser.column')}</Table.Th>
                        <Table.Th>{t('browser.type')}</Table.Th>
                        <Table.Th>{t('browser.proposed')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {picked.columns.map((c) => (
                        <Table.Tr key={c.name}>
                          <Table.Td>
                            {c.name}{' '}
                            {c.key && (
                              <Badge size="xs" variant="outline">
                                {t('browser.key')}
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" ff="monospace">
                              {c.type}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {c.proposed ? (
                              t(`types.${c.proposed}`)
                            ) : (
                              <Text size="sm" c="dimmed">
                                {t('browser.notMountable')}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Text fw={500} size="sm">
                  {t('browser.preview')}
                </Text>
                {preview.isLoading ? (
                  <Loader size="sm" />
                ) : preview.isError ? (
                  <Alert color="red">{messageOf(preview.error)}</Alert>
                ) : preview.data && preview.data.rows.length === 0 ? (
                  <Text c="dimmed">{t('browser.noRows')}</Text>
                ) : (
                  <Table.ScrollContainer minWidth={480}>
                    <Table striped withTableBorder data-testid="browser-preview">
                      <Table.Thead>
                        <Table.Tr>
                          {preview.data?.columns.map((c) => (
                            <Table.Th key={c.name}>{c.name}</Table.Th>
                          ))}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {preview.data?.rows.map((r, i) => (
                          <Table.Tr key={i}>
                            {r.map((cell, j) => (
                              <Table.Td key={j}>
                                <Text size="sm" lineClamp={2}>
                                  {cellText(cell)}
                                </Text>
                              </Table.Td>
                            ))}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Drawer>
  );
}
