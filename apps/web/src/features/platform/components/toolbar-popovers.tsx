import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Popover,
  ScrollArea,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconColumns,
  IconFilter,
  IconLayoutList,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type {
  FilterNode,
  GroupBy,
  OrderBy,
  PlatformObject,
  ViewDefinition,
} from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBuilder, countConditions, type FilterField } from '@/components/filter-builder';
import { useFilterLabels } from '../hooks/use-labels';
import { orderedColumns } from '../hooks/use-list-state';
import { summable } from '../lib/fields';
import { ReferencePicker } from './reference-picker';
import { shownName } from '@/lib/names';

export function FilterPopover({
  value,
  fields,
  onApply,
}: {
  value: FilterNode;
  fields: FilterField[];
  onApply: (next: FilterNode) => void;
}) {
  const { t } = useTranslation('platform');
  const labels = useFilterLabels();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<FilterNode>(value);
  // Record pickers open their lists here: inside the popover (a click in them is not a click
  // outside) but outside its scroll area (which would clip them).
  const [listsHost, setListsHost] = useState<HTMLDivElement | null>(null);
  const count = countConditions(value);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width="min(720px, calc(100vw - 24px))"
      shadow="md"
      trapFocus
      closeOnClickOutside
    >
      <Popover.Target>
        <Button
          size="xs"
          variant={count ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          rightSection={
            count ? (
              <Badge size="xs" circle>
                {count}
              </Badge>
            ) : undefined
          }
          onClick={() => {
            setDraft(value);
            setOpened((o) => !o);
          }}
          data-testid="toolbar-filter"
        >
          {t('common:actions.filter')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah="60vh" type="auto">
          <FilterBuilder
            value={draft}
            onChange={setDraft}
            fields={fields}
            labels={labels}
            renderReferenceInput={(props) => <ReferencePicker {...props} listsHost={listsHost} />}
          />
        </ScrollArea.Autosize>
        <div ref={setListsHost} />
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              const cleared = { ...draft, isactive: false, children: [], conditions: [] };
              setDraft(cleared);
              onApply(cleared);
            }}
          >
            {t('common:actions.clear')}
          </Button>
          <Button
            size="xs"
            onClick={() => {
              onApply(draft);
              setOpened(false);
            }}
            data-testid="filter-apply"
          >
            {t('filter.apply')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

export function GroupPopover({
  meta,
  value,
  onChange,
}: {
  meta: PlatformObject;
  value: GroupBy;
  onChange: (next: GroupBy) => void;
}) {
  const { t } = useTranslation('platform');
  const groupable = meta.fields.filter(
    (f) => f.type !== 'longtext' && f.type !== 'attachment' && f.type !== 'multiselect',
  );
  const numeric = meta.fields.filter((f) => summable.has(f.type));
  const active = value.isActive && value.groups.length > 0;
  const totals = value.groups[0]?.aggregates?.map((a) => a.field) ?? [];
  const setGroups = (groups: GroupBy['groups']) => {
    const aggregates = totals.map((field) => ({ field, fn: 'sum' as const }));
    onChange({
      isActive: groups.length > 0,
      groups: groups.map((g, i) => (i === 0 ? { field: g.field, aggregates } : { field: g.field })),
    });
  };
  return (
    <Popover position="bottom-start" width="min(380px, calc(100vw - 24px))" shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          variant={active ? 'light' : 'default'}
          leftSection={<IconLayoutList size={16} />}
          rightSection={
            active ? (
              <Badge size="xs" circle>
                {value.groups.length}
              </Badge>
            ) : undefined
          }
          data-testid="toolbar-group"
        >
          {t('common:actions.group')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Switch
            size="xs"
            label={t('group.active')}
            checked={value.isActive}
            disabled={value.groups.length === 0}
            onChange={(e) => onChange({ ...value, isActive: e.currentTarget.checked })}
          />
          {value.groups.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('group.none')}
            </Text>
          )}
          {value.groups.map((g, i) => (
            <Group key={i} gap="xs" wrap="nowrap">
              <NativeSelect
                size="xs"
                style={{ flex: 1 }}
                aria-label={t('group.field', { n: i + 1 })}
                value={g.field}
                data={groupable.map((f) => ({ value: f.code, label: shownName(f) }))}
                onChange={(e) =>
                  setGroups(
                    value.groups.map((x, j) => (j === i ? { field: e.currentTarget.value } : x)),
                  )
                }
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('common:actions.remove')}
                onClick={() => setGroups(value.groups.filter((_, j) => j !== i))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          {value.groups.length < 3 && groupable.length > 0 && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => {
                const used = new Set(value.groups.map((g) => g.field));
                const next = groupable.find((f) => !used.has(f.code)) ?? groupable[0]!;
                setGroups([...value.groups, { field: next.code }]);
              }}
              data-testid="group-add"
            >
              {t('group.add')}
            </Button>
          )}
          {numeric.length > 0 && value.groups.length > 0 && (
            <Checkbox.Group
              label={t('group.totals')}
              value={totals}
              onChange={(fields) =>
                onChange({
                  ...value,
                  groups: value.groups.map((g, i) =>
                    i === 0
                      ? {
                          field: g.field,
                          aggregates: fields.map((field) => ({ field, fn: 'sum' as const })),
                        }
                      : g,
                  ),
                })
              }
            >
              <Stack gap={4} mt={4}>
                {numeric.map((f) => (
                  <Checkbox key={f.code} size="xs" value={f.code} label={shownName(f)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function SortPopover({
  meta,
  value,
  onChange,
}: {
  meta: PlatformObject;
  value: OrderBy;
  onChange: (next: OrderBy) => void;
}) {
  const { t } = useTranslation('platform');
  const sortable = [
    ...meta.fields
      .filter((f) => f.type !== 'longtext' && f.type !== 'attachment' && f.type !== 'multiselect')
      .map((f) => ({ value: f.code, label: shownName(f) })),
    { value: 'id', label: t('columns.id') },
    { value: 'created_at', label: t('columns.createdAt') },
    { value: 'updated_at', label: t('columns.updatedAt') },
  ];
  const active = value.isActive && value.sorts.length > 0;
  const setSorts = (sorts: OrderBy['sorts']) => onChange({ isActive: sorts.length > 0, sorts });
  return (
    <Popover position="bottom-start" width="min(400px, calc(100vw - 24px))" shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          variant={active ? 'light' : 'default'}
          leftSection={<IconArrowsSort size={16} />}
          rightSection={
            active ? (
              <Badge size="xs" circle>
                {value.sorts.length}
              </Badge>
            ) : undefined
          }
          data-testid="toolbar-sort"
        >
          {t('common:actions.sort')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Switch
            size="xs"
            label={t('sort.active')}
            checked={value.isActive}
            disabled={value.sorts.length === 0}
            onChange={(e) => onChange({ ...value, isActive: e.currentTarget.checked })}
          />
          {value.sorts.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('sort.none')}
            </Text>
          )}
          {value.sorts.map((s, i) => (
            <Group key={i} gap="xs" wrap="nowrap">
              <NativeSelect
                size="xs"
                style={{ flex: 1 }}
                aria-label={t('sort.field', { n: i + 1 })}
                value={s.field}
                data={sortable}
                onChange={(e) =>
                  setSorts(
                    value.sorts.map((x, j) =>
                      j === i ? { ...x, field: e.currentTarget.value } : x,
                    ),
                  )
                }
              />
              <SegmentedControl
                size="xs"
                value={s.dir}
                aria-label={t('sort.direction')}
                onChange={(dir) =>
                  setSorts(
                    value.sorts.map((x, j) => (j === i ? { ...x, dir: dir as 'asc' | 'desc' } : x)),
                  )
                }
                data={[
                  { value: 'asc', label: t('sort.asc') },
                  { value: 'desc', label: t('sort.desc') },
                ]}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('common:actions.remove')}
                onClick={() => setSorts(value.sorts.filter((_, j) => j !== i))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          {value.sorts.length < 10 && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => {
                const used = new Set(value.sorts.map((s) => s.field));
                const next = sortable.find((f) => !used.has(f.value)) ?? sortable[0]!;
                setSorts([...value.sorts, { field: next.value, dir: 'asc' }]);
              }}
              data-testid="sort-add"
            >
              {t('sort.add')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function FieldsPopover({
  meta,
  definition,
  onChange,
  onReset,
}: {
  meta: PlatformObject;
  definition: ViewDefinition;
  onChange: (columns: ViewDefinition['columns']) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('platform');
  const cols = orderedColumns(meta, definition);
  const widthOf = (code: string) => definition.columns.find((c) => c.field === code)?.width;
  const emit = (list: { field: { code: string }; hidden: boolean }[]) =>
    onChange(
      list.map((c) => ({
        field: c.field.code,
        hidden: c.hidden || undefined,
        width: widthOf(c.field.code),
      })),
    );
  const move = (i: number, d: number) => {
    const list = cols.slice();
    const [item] = list.splice(i, 1);
    if (!item) return;
    list.splice(i + d, 0, item);
    emit(list);
  };
  const hiddenCount = cols.filter((c) => c.hidden).length;
  return (
    <Popover position="bottom-start" width="min(340px, calc(100vw - 24px))" shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          variant={hiddenCount ? 'light' : 'default'}
          leftSection={<IconColumns size={16} />}
          data-testid="toolbar-fields"
        >
          {t('common:actions.fields')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Stack gap={4}>
            {cols.map((c, i) => (
              <Group key={c.field.code} gap="xs" wrap="nowrap" justify="space-between">
                <Checkbox
                  size="xs"
                  label={shownName(c.field)}
                  checked={!c.hidden}
                  onChange={(e) =>
                    emit(
                      cols.map((x, j) =>
                        j === i ? { ...x, hidden: !e.currentTarget.checked } : x,
                      ),
                    )
                  }
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('fieldsMenu.up', { name: shownName(c.field) })}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('fieldsMenu.down', { name: shownName(c.field) })}
                    disabled={i === cols.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Button size="xs" variant="default" fullWidth mt="sm" onClick={onReset}>
          {t('common:actions.resetFields')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
