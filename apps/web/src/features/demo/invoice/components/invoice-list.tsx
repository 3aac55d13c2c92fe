import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import {
  IconAlertCircle,
  IconCopy,
  IconDotsVertical,
  IconEdit,
  IconEye,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SortableTh } from '@/components/sortable-th';
import { toInput, useDeleteInvoice, useInvoices, useSaveInvoice } from '../api/invoice';
import { invoiceStatuses, type Invoice } from '../api/types';
import { initials, StatusIcon, useFormat } from './shared';

type SortKey = 'id' | 'invoiceStatus' | 'total' | 'issuedDate' | 'balance';
const pageSizes = ['10', '25', '50', '100'];

/**
 * Invoice list: search, status filter, page sizes, sortable columns and row actions. With
 * `clientName` it first shows that client's invoices (all invoices when the client has none).
 */
export function InvoiceList({ clientName }: { clientName?: string } = {}) {
  const { t } = useTranslation('invoice');
  const { money, date } = useFormat();
  const navigate = useNavigate();
  const [search, setSearch] = useState(clientName ?? '');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<string | null>(null);
  const [perPage, setPerPage] = useState(10);
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState<SortKey>('id');
  const [sortDesc, setSortDesc] = useState(true);
  const query = useInvoices({ q, status: status ?? '', sortBy, sortDesc, perPage, page });
  const remove = useDeleteInvoice();
  const save = useSaveInvoice();
  const fellBack = useRef(false);

  useEffect(() => {
    if (query.isError)
      notifications.show({ color: 'red', title: t('list.fetchError'), message: t('tryAgain') });
  }, [query.isError, t]);

  useEffect(() => {
    if (clientName && !fellBack.current && q === clientName && query.data?.total === 0) {
      fellBack.current = true;
      setSearch('');
    }
  }, [clientName, q, query.data]);

  const onSort = (k: SortKey) => {
    if (k === sortBy) setSortDesc((d) => !d);
    else {
      setSortBy(k);
      setSortDesc(false);
    }
    setPage(1);
  };

  const duplicate = (invoice: Invoice) =>
    save.mutate(
      { input: toInput(invoice) },
      {
        onSuccess: (copy) =>
          notifications.show({
            color: 'green',
            message: t('list.duplicated', { id: invoice.id, copy: copy.id }),
          }),
        onError: () => notifications.show({ color: 'red', message: t('saveError') }),
      },
    );
  const del = (invoice: Invoice) =>
    remove.mutate(invoice.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('list.deleted', { id: invoice.id }) }),
      onError: () => notifications.show({ color: 'red', message: t('saveError') }),
    });

  const data = query.data;
  const total = data?.total ?? 0;
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  const pages = Math.max(1, Math.ceil(total / perPage));

  return (
    <Card padding="lg" radius="md" shadow="sm" withBorder>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="xs">
          <Text size="sm">{t('list.show')}</Text>
          <Select
            aria-label={t('list.entries')}
            data={pageSizes}
            value={String(perPage)}
            onChange={(v) => {
              setPerPage(Number(v ?? 10));
              setPage(1);
            }}
            allowDeselect={false}
            w={80}
          />
          <Button component={Link} to="/apps/invoice/add" leftSection={<IconPlus size={16} />}>
            {t('list.addRecord')}
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <TextInput
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            aria-label={t('list.selectStatus')}
            placeholder={t('list.selectStatus')}
            data={invoiceStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </Group>

      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={t('list.fetchError')}>
          {t('tryAgain')}
        </Alert>
      ) : query.isPending ? (
        <Center mih={160}>
          <Loader />
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <SortableTh label="#" k="id" sortBy={sortBy} sortDesc={sortDesc} onSort={onSort} />
                <SortableTh
                  label={t('list.status')}
                  k="invoiceStatus"
                  sortBy={sortBy}
                  sortDesc={sortDesc}
                  onSort={onSort}
                />
                <Table.Th>{t('list.client')}</Table.Th>
                <SortableTh
                  label={t('list.total')}
                  k="total"
                  sortBy={sortBy}
                  sortDesc={sortDesc}
                  onSort={onSort}
                />
                <SortableTh
                  label={t('list.issuedDate')}
                  k="issuedDate"
                  sortBy={sortBy}
                  sortDesc={sortDesc}
                  onSort={onSort}
                />
                <SortableTh
                  label={t('list.balance')}
                  k="balance"
                  sortBy={sortBy}
                  sortDesc={sortDesc}
                  onSort={onSort}
                />
                <Table.Th>{t('list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.invoices.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text ta="center" c="dimmed" py="md" data-testid="invoice-empty">
                      {t('list.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.invoices.map((inv) => (
                <Table.Tr key={inv.id} data-testid="invoice-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/apps/invoice/preview/${inv.id}`} fw={600}>
                      #{inv.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusIcon invoice={inv} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar radius="xl" color="brand" src={inv.avatar || null}>
                        {initials(inv.client.name)}
                      </Avatar>
                      <div>
                        <Text size="sm" fw={500}>
                          {inv.client.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {inv.client.companyEmail}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>{money(inv.total)}</Table.Td>
                  <Table.Td>{date(inv.issuedDate)}</Table.Td>
                  <Table.Td>
                    {inv.balance === 0 ? (
                      <Badge color="green" variant="light">
                        {t('list.paid')}
                      </Badge>
                    ) : (
                      money(inv.balance)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('list.preview')}>
                        <ActionIcon
                          variant="subtle"
                          component={Link}
                          to={`/apps/invoice/preview/${inv.id}`}
                          aria-label={t('list.preview')}
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('list.actions')}>
                            <IconDotsVertical size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconEdit size={16} />}
                            onClick={() => void navigate(`/apps/invoice/edit/${inv.id}`)}
                          >
                            {t('edit')}
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconCopy size={16} />}
                            onClick={() => duplicate(inv)}
                          >
                            {t('list.duplicate')}
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={16} />}
                            onClick={() => del(inv)}
                          >
                            {t('list.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Stack mt="md" gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="invoice-showing">
            {t('list.showing', { from, to, total })}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
          />
        </Group>
      </Stack>
    </Card>
  );
}
