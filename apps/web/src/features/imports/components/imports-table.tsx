import { Badge, Card, Checkbox, Group, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { useObjectNameOf } from '@/lib/entity-names';
import { formatBytes, isActive } from '../lib/status';
import { StatusBadge } from './status-badge';

/** The imports listed: status (with progress), object, file, size, rows, counts, who, when. */
export function ImportsTable({
  items,
  selected,
  onSelectedChange,
  onOpen,
}: {
  items: Import[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('imports');
  const objectNameOf = useObjectNameOf();
  const allChecked = items.length > 0 && items.every((i) => selected.includes(i.id));
  const toggle = (id: string) =>
    onSelectedChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <Card withBorder padding={0} radius="md">
      <Table.ScrollContainer minWidth={980}>
        <Table highlightOnHover verticalSpacing="xs" data-testid="imports-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <Checkbox
                  aria-label={t('selectAll')}
                  checked={allChecked}
                  indeterminate={selected.length > 0 && !allChecked}
                  onChange={() => onSelectedChange(allChecked ? [] : items.map((i) => i.id))}
                />
              </Table.Th>
              <Table.Th>{t('col.status')}</Table.Th>
              <Table.Th>{t('col.object')}</Table.Th>
              <Table.Th>{t('col.file')}</Table.Th>
              <Table.Th ta="right">{t('col.size')}</Table.Th>
              <Table.Th ta="right">{t('col.rows')}</Table.Th>
              <Table.Th ta="right">{t('col.counts')}</Table.Th>
              <Table.Th>{t('col.who')}</Table.Th>
              <Table.Th>{t('col.when')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((imp) => (
              <ImportRow
                key={imp.id}
                imp={imp}
                objectName={objectNameOf(imp.objectId, imp.objectName)}
                selected={selected.includes(imp.id)}
                onToggle={() => toggle(imp.id)}
                onOpen={() => onOpen(imp.id)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function ImportRow({
  imp,
  objectName,
  selected,
  onToggle,
  onOpen,
}: {
  imp: Import;
  /** The object's name in the user's language. */
  objectName: string;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation('imports');
  const dateFmt = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    <Table.Tr
      data-testid="import-row"
      data-status={imp.status}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ cursor: 'pointer' }}
      onClick={onToggle}
      onDoubleClick={onOpen}
    >
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <Checkbox
          aria-label={t('selectRow', { name: imp.fileName })}
          checked={selected}
          onChange={onToggle}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={4} miw={120} align="flex-start">
          <StatusBadge status={imp.status} />
          {isActive(imp.status) && (
            <Progress
              size="sm"
              w="100%"
              value={Math.round(imp.progress * 100)}
              animated
              aria-label={t('progress')}
            />
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{objectName}</Text>
      </Table.Td>
      <Table.Td maw={260}>
        <Text
          size="sm"
          fw={500}
          truncate
          c="var(--mantine-primary-color-filled)"
          style={{ cursor: 'pointer' }}
          onClick={(e) => {
            e.stopPropagation();
            onOpen();
          }}
          title={imp.fileName}
        >
          {imp.fileName}
        </Text>
        <Text size="xs" c="dimmed" tt="uppercase">
          {imp.format}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatBytes(imp.fileSize, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {imp.processed.toLocaleString(i18n.language)}
          {imp.total !== null && ` / ${imp.total.toLocaleString(i18n.language)}`}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        {imp.result ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <CountBadge color="teal" label={t('inserted')} n={imp.result.inserted} />
            <CountBadge color="blue" label={t('updated')} n={imp.result.updated} />
            <CountBadge color="gray" label={t('skipped')} n={imp.result.skipped} />
            <CountBadge color="red" label={t('failed')} n={imp.result.failed} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{imp.createdByName ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dateFmt.format(new Date(imp.createdAt))}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function CountBadge({ color, label, n }: { color: string; label: string; n: number }) {
  const { i18n } = useTranslation();
  return (
    <Tooltip label={label}>
      <Badge
        size="sm"
        variant="light"
        color={n === 0 ? 'gray' : color}
        aria-label={`${label}: ${n}`}
        styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
      >
        {n.toLocaleString(i18n.language)}
      </Badge>
    </Tooltip>
  );
}
