import { Alert, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import type { Field, ImportMapping, ImportsPreviewOutput } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { TypeBadge } from './type-badge';
import type { StepErrors } from './wizard-types';
import { shownName } from '@/lib/names';

export const NOT_IMPORTED = '__none__';

/** Step 3: each column of the file to a field (or left out). */
export function MapStep({
  preview,
  fields,
  mapping,
  onChange,
  errors,
}: {
  preview: ImportsPreviewOutput | undefined;
  fields: Field[];
  mapping: ImportMapping[];
  onChange: (m: ImportMapping[]) => void;
  errors: StepErrors;
}) {
  const { t } = useTranslation('imports');
  if (!preview) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  const options = [
    { value: NOT_IMPORTED, label: t('map.notImported') },
    ...fields
      .filter((f) => f.type !== 'attachment')
      .sort((a, b) => a.position - b.position)
      .map((f) => ({ value: f.code, label: `${shownName(f)} (${f.code})` })),
  ];
  const fieldOf = (column: number) => mapping.find((m) => m.column === column)?.field ?? null;
  const setField = (column: number, field: string | null) => {
    const rest = mapping.filter((m) => m.column !== column);
    onChange([...rest, { column, field }].sort((a, b) => a.column - b.column));
  };
  const mappedCount = mapping.filter((m) => m.field).length;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('map.hint', { mapped: mappedCount, total: preview.columns.length })}
      </Text>
      {errors.mapping && (
        <Alert color="red" data-testid="map-error">
          {errors.mapping}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" data-testid="map-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('map.column')}</Table.Th>
              <Table.Th>{t('map.sample')}</Table.Th>
              <Table.Th>{t('map.field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.columns.map((c) => {
              const sample = preview.rows.map((r) => r[c.index]).find((v) => v) ?? '';
              const value = fieldOf(c.index);
              return (
                <Table.Tr key={c.index} data-testid="map-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {c.name}
                    </Text>
                    <TypeBadge type={c.type} />
                  </Table.Td>
                  <Table.Td maw={200}>
                    <Text size="sm" c="dimmed" truncate>
                      {sample}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={200}>
                    <Select
                      size="xs"
                      aria-label={t('map.fieldFor', { column: c.name })}
                      data={options}
                      value={value ?? NOT_IMPORTED}
                      onChange={(v) => setField(c.index, !v || v === NOT_IMPORTED ? null : v)}
                      allowDeselect={false}
                      searchable
                      error={errors[`column.${c.index}`]}
                      data-testid={`map-field-${c.index}`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
