import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  MultiSelect,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCalendar,
  IconChevronDown,
  IconFilter,
  IconGripVertical,
  IconHash,
  IconLayoutColumns,
  IconLayoutRows,
  IconSum,
  IconX,
} from '@tabler/icons-react';
import type { CubeMember } from '@fiscus/contracts';
import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOp } from '@/lib/qry';
import {
  dimId,
  measureId,
  moveField,
  splitId,
  zoneOf,
  type PivotLayout,
  type Zone,
} from '../lib/layout';

export interface ZoneField {
  key: string;
  label: string;
  /** Dates show a calendar icon. */
  isDate?: boolean;
}

interface Props {
  cubeId: string;
  layout: PivotLayout;
  onChange: (next: PivotLayout) => void;
  dimensions: ZoneField[];
  measures: ZoneField[];
}

const zoneIcons: Record<Exclude<Zone, 'fields'>, ReactNode> = {
  rows: <IconLayoutRows size={14} />,
  cols: <IconLayoutColumns size={14} />,
  values: <IconSum size={14} />,
  params: <IconFilter size={14} />,
};

/**
 * Where a dragged field lands: the field or zone under the pointer (a field before a zone, so
 * the drop keeps its place in the zone's order); without a pointer (the keyboard) or outside
 * every zone, the nearest one.
 */
const landing: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  const field = within.find((c) => !String(c.id).startsWith('zone:'));
  if (field) return [field];
  if (within.length > 0) return within.slice(0, 1);
  return closestCenter(args);
};

/**
 * The pivot's field zones: the cube's fields, Rows, Columns, Values and Parameters. Fields are
 * dragged between zones (mouse, touch, or the keyboard: Space to lift, arrows, Space to drop),
 * or moved with each field's menu.
 */
export const FieldZones = memo(function FieldZones({
  cubeId,
  layout,
  onChange,
  dimensions,
  measures,
}: Props) {
  const { t } = useTranslation('cubes');
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: string) => {
    const [kind, key] = splitId(id);
    return (kind === 'm' ? measures : dimensions).find((f) => f.key === key)?.label ?? key;
  };
  const fieldOf = (id: string) => {
    const [kind, key] = splitId(id);
    return (kind === 'm' ? measures : dimensions).find((f) => f.key === key);
  };
  const ids: Record<Zone, string[]> = {
    rows: layout.rows.map(dimId),
    cols: layout.cols.map(dimId),
    values: layout.measures.map(measureId),
    params: layout.params.map((p) => dimId(p.key)),
    fields: [
      ...dimensions
        .filter((d) => zoneOf(layout, dimId(d.key)) === 'fields')
        .map((d) => dimId(d.key)),
      ...measures.filter((m) => !layout.measures.includes(m.key)).map((m) => measureId(m.key)),
    ],
  };

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const id = String(e.active.id);
    const over = e.over ? String(e.over.id) : null;
    if (!over) return;
    const zone: Zone = over.startsWith('zone:') ? (over.slice(5) as Zone) : zoneOf(layout, over);
    const index = over.startsWith('zone:') ? undefined : ids[zone].indexOf(over);
    if (zone === zoneOf(layout, id) && (index === undefined || ids[zone][index] === id)) return;
    onChange(moveField(layout, id, zone, index));
  };
  const labels: Record<Zone, string> = {
    fields: t('pivot.fields'),
    rows: t('common:pivot.rows'),
    cols: t('common:pivot.columns'),
    values: t('common:pivot.values'),
    params: t('common:pivot.parameters'),
  };
  const move = (id: string, to: Zone, index?: number) => onChange(moveField(layout, id, to, index));

  const chip = (id: string, zone: Zone) => {
    const [kind, key] = splitId(id);
    const f = fieldOf(id);
    const list = ids[zone];
    const at = list.indexOf(id);
    const targets: Zone[] =
      kind === 'm' ? ['values', 'fields'] : ['rows', 'cols', 'params', 'fields'];
    return (
      <FieldChip
        key={id}
        id={id}
        label={labelOf(id)}
        icon={kind === 'm' ? <IconHash size={13} /> : f?.isDate ? <IconCalendar size={13} /> : null}
        kind={kind}
        menu={
          <>
            <Menu.Label>{t('pivot.moveTo')}</Menu.Label>
            {targets
              .filter((z) => z !== zone)
              .map((z) => (
                <Menu.Item
                  key={z}
                  leftSection={z === 'fields' ? <IconX size={14} /> : zoneIcons[z]}
                  onClick={() => move(id, z)}
                >
                  {z === 'fields' ? t('pivot.removeField') : labels[z]}
                </Menu.Item>
              ))}
            {zone !== 'fields' && list.length > 1 && (
              <>
                <Menu.Divider />
                <Menu.Item
                  leftSection={<IconArrowLeft size={14} />}
                  disabled={at === 0}
                  onClick={() => move(id, zone, at - 1)}
                >
                  {t('pivot.moveEarlier')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconArrowRight size={14} />}
                  disabled={at === list.length - 1}
                  onClick={() => move(id, zone, at + 1)}
                >
                  {t('pivot.moveLater')}
                </Menu.Item>
              </>
            )}
          </>
        }
        extra={
          zone === 'params' ? (
            <MemberPicker
              cubeId={cubeId}
              dimKey={key}
              label={labelOf(id)}
              measure={layout.measures[0] ?? measures[0]?.key ?? ''}
              value={layout.params.find((p) => p.key === key)?.members ?? []}
              onChange={(members) =>
                onChange({
                  ...layout,
                  params: layout.params.map((p) => (p.key === key ? { ...p, members } : p)),
                })
              }
            />
          ) : null
        }
      />
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={landing}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('pivot.dragInstructions') },
      }}
    >
      <Stack gap="xs" data-testid="pivot-zones">
        <DropZone zone="fields" label={labels.fields} ids={ids.fields} empty={t('pivot.allPlaced')}>
          {ids.fields.map((id) => chip(id, 'fields'))}
        </DropZone>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          {(['rows', 'cols', 'values', 'params'] as const).map((zone) => (
            <DropZone
              key={zone}
              zone={zone}
              label={labels[zone]}
              icon={zoneIcons[zone]}
              ids={ids[zone]}
              empty={t(`pivot.drop.${zone}`)}
            >
              {ids[zone].map((id) => chip(id, zone))}
            </DropZone>
          ))}
        </SimpleGrid>
      </Stack>
      <DragOverlay dropAnimation={null}>
        {dragging ? (
          <Badge
            size="lg"
            variant="filled"
            radius="sm"
            style={{ cursor: 'grabbing' }}
            data-testid="pivot-drag-overlay"
          >
            {labelOf(dragging)}
          </Badge>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
});

function DropZone({
  zone,
  label,
  icon,
  ids,
  empty,
  children,
}: {
  zone: Zone;
  label: string;
  icon?: ReactNode;
  ids: string[];
  empty: string;
  children: ReactNode;
}) {
  const { setNodeRef, isOver, over } = useDroppable({ id: `zone:${zone}` });
  // A field held over the zone or over one of its fields lands in this zone.
  const overHere = isOver || (over != null && ids.includes(String(over.id)));
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p={6}
      data-testid={`pivot-zone-${zone}`}
      data-over={overHere}
      aria-label={label}
      role="group"
      style={{
        minHeight: 44,
        borderStyle: zone === 'fields' ? 'dashed' : undefined,
        background: overHere ? 'var(--mantine-primary-color-light)' : undefined,
        transition: 'background 120ms',
      }}
    >
      <Group gap={6} wrap="wrap" align="center">
        <Group gap={4} wrap="nowrap" c="dimmed" miw={zone === 'fields' ? undefined : 88}>
          {icon}
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {label}
          </Text>
        </Group>
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          {children}
        </SortableContext>
        {ids.length === 0 && (
          <Text size="xs" c="dimmed" fs="italic">
            {empty}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

function FieldChip({
  id,
  label,
  icon,
  kind,
  menu,
  extra,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  kind: 'd' | 'm';
  menu: ReactNode;
  extra: ReactNode;
}) {
  const { t } = useTranslation('cubes');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <Badge
      ref={setNodeRef}
      size="lg"
      radius="sm"
      variant={kind === 'm' ? 'light' : 'outline'}
      color={kind === 'm' ? 'teal' : undefined}
      tt="none"
      fw={500}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        paddingInline: 4,
        cursor: 'grab',
        touchAction: 'none',
      }}
      data-testid="pivot-field"
      data-field={id}
      leftSection={
        <span
          {...attributes}
          {...listeners}
          aria-label={t('pivot.dragField', { name: label })}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
        >
          <IconGripVertical size={13} style={{ opacity: 0.6 }} />
          {icon}
        </span>
      }
      rightSection={
        <Group gap={0} wrap="nowrap">
          {extra}
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={t('pivot.fieldMenu', { name: label })}
                onPointerDown={(e) => e.stopPropagation()}
              >
                <IconChevronDown size={12} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>{menu}</Menu.Dropdown>
          </Menu>
        </Group>
      }
    >
      <span {...listeners} style={{ cursor: 'grab' }}>
        {label}
      </span>
    </Badge>
  );
}

/** The members of a dimension in Parameters: all, or the ones chosen. */
function MemberPicker({
  cubeId,
  dimKey,
  label,
  measure,
  value,
  onChange,
}: {
  cubeId: string;
  dimKey: string;
  label: string;
  measure: string;
  value: CubeMember[];
  onChange: (members: CubeMember[]) => void;
}) {
  const { t } = useTranslation('cubes');
  const [opened, setOpened] = useState(false);
  const members = useOp(
    'cubes.query',
    {
      cubeId,
      rows: [dimKey],
      cols: [],
      measures: [measure],
      rowTotals: false,
      colTotals: false,
      rowLimit: 2000,
      colLimit: 1,
    },
    { enabled: opened && !!measure },
  );
  const options = (members.data?.rows.items ?? []).map((it) => ({
    value: JSON.stringify(it.path[0] ?? null),
    label: it.labels[0] ?? t('pivot.emptyMember'),
  }));
  const selected = value.map((m) => JSON.stringify(m));
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={300}
      position="bottom"
      withinPortal
      shadow="md"
      trapFocus
    >
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          onPointerDown={(e) => e.stopPropagation()}
          onClick={() => setOpened((o) => !o)}
          aria-label={t('pivot.chooseMembers', { name: label })}
          data-testid="pivot-param-members"
        >
          {value.length === 0
            ? t('pivot.allMembers')
            : t('pivot.someMembers', { count: value.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          {members.isLoading ? (
            <Loader size="xs" />
          ) : (
            <MultiSelect
              data={options}
              value={selected}
              onChange={(v) => onChange(v.map((s) => JSON.parse(s) as CubeMember))}
              searchable
              clearable
              placeholder={t('pivot.allMembers')}
              aria-label={t('pivot.chooseMembers', { name: label })}
              comboboxProps={{ withinPortal: false }}
              maxDropdownHeight={240}
              data-testid="pivot-param-select"
            />
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
