import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconEdit, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CODE_PATTERN,
  type Field,
  type ObjectKind,
  type DescriptionTranslations,
  type NameTranslations,
  type ObjectSummary,
  type PlatformObject,
} from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '@/lib/ability';
import { errorOf, messageOf } from '@/lib/api-client';
import { computedSummary } from '../lib/computed';
import { objectPath } from '../lib/paths';
import { FieldEditor } from './field-editor';
import { useOp, useOpMutation } from '@/lib/qry';
import { shownDescription, shownName } from '@/lib/names';
import { DescriptionTranslationsInput, NameTranslationsInput } from '@/components/names-input';

/**
 * Objects with their fields (`kind` narrows to catalogs on /fiscus/refs): create, edit and
 * delete objects; add, change and remove fields of every type.
 */
export function ObjectsScreen({ kind }: { kind?: ObjectKind }) {
  const { t } = useTranslation('platform');
  const all = useOp('objects.list', {});
  const list = (all.data?.items ?? []).filter((o) => !kind || o.kind === kind);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [objectModal, setObjectModal] = useState<{ opened: boolean; object: ObjectSummary | null }>(
    { opened: false, object: null },
  );
  useEffect(() => {
    if (!selectedId && list[0]) setSelectedId(list[0].id);
    if (selectedId && all.data && !list.some((o) => o.id === selectedId))
      setSelectedId(list[0]?.id ?? null);
  }, [list, selectedId, all.data]);

  const title = kind === 'reference' ? t('objects.catalogsTitle') : t('objects.title');
  return (
    <Stack gap="md" data-testid={kind === 'reference' ? 'refs-screen' : 'objects-screen'}>
      <Group justify="space-between">
        <div>
          <Title order={3}>{title}</Title>
          <Text size="sm" c="dimmed">
            {kind === 'reference' ? t('objects.catalogsHint') : t('objects.hint')}
          </Text>
        </div>
        <Can I="create" a="Object">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setObjectModal({ opened: true, object: null })}
            data-testid="object-new"
          >
            {kind === 'reference' ? t('objects.newCatalog') : t('objects.new')}
          </Button>
        </Can>
      </Group>
      {all.isLoading && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {all.isError && (
        <Alert color="red" title={t('objects.loadError')}>
          <Group gap="xs">
            <Text size="sm">{messageOf(all.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void all.refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {all.data && list.length === 0 && (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={500}>
              {kind === 'reference' ? t('objects.noCatalogs') : t('objects.none')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('objects.noneHint')}
            </Text>
          </Stack>
        </Card>
      )}
      {list.length > 0 && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder padding={0} radius="md">
              <Stack gap={0}>
                {list.map((o) => (
                  <UnstyledButton
                    key={o.id}
                    onClick={() => setSelectedId(o.id)}
                    p="sm"
                    style={{
                      borderBottom: '1px solid var(--mantine-color-default-border)',
                      background:
                        o.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined,
                    }}
                    aria-current={o.id === selectedId ? 'true' : undefined}
                    data-testid="object-item"
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={500} truncate>
                          {shownName(o)}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {o.code} · {t('objects.fieldCount', { count: o.fieldCount })}
                        </Text>
                      </div>
                      <Badge
                        size="sm"
                        variant="light"
                        color={o.kind === 'reference' ? 'grape' : 'blue'}
                      >
                        {t(`kinds.${o.kind}`)}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selectedId && (
              <ObjectDetails
                key={selectedId}
                objectId={selectedId}
                objects={all.data?.items ?? []}
                onEdit={(o) => setObjectModal({ opened: true, object: o })}
              />
            )}
          </Grid.Col>
        </Grid>
      )}
      <ObjectEditor
        opened={objectModal.opened}
        object={objectModal.object}
        defaultKind={kind ?? 'table'}
        onClose={() => setObjectModal((m) => ({ ...m, opened: false }))}
        onCreated={(o) => setSelectedId(o.id)}
      />
    </Stack>
  );
}

function optionSummary(f: Field, t: (k: string, o?: Record<string, unknown>) => string): string[] {
  const o = f.options;
  const out: string[] = [];
  const computed = computedSummary(f, t);
  if (computed) out.push(computed);
  if (o.required) out.push(t('fields.required'));
  if (o.unique) out.push(t('fields.unique'));
  if (o.hidden) out.push(t('fields.hidden'));
  if (o.default !== undefined)
    out.push(
      `${t('fields.default')}: ${Array.isArray(o.default) ? o.default.join(', ') : String(o.default)}`,
    );
  if (o.min !== undefined) out.push(`≥ ${String(o.min)}`);
  if (o.max !== undefined) out.push(`≤ ${String(o.max)}`);
  if (o.pattern) out.push(`/${o.pattern}/`);
  if (o.currency) out.push(o.currency);
  if (o.choices?.length) out.push(t('fields.choicesCount', { count: o.choices.length }));
  return out;
}

function ObjectDetails({
  objectId,
  objects,
  onEdit,
}: {
  objectId: string;
  objects: ObjectSummary[];
  onEdit: (o: ObjectSummary) => void;
}) {
  const { t } = useTranslation('platform');
  const meta = useOp('objects.get', { id: objectId });
  const [fieldModal, setFieldModal] = useState<{ opened: boolean; field: Field | null }>({
    opened: false,
    field: null,
  });
  const [confirm, setConfirm] = useState<
    { kind: 'object' } | { kind: 'field'; field: Field } | null
  >(null);
  const removeField = useOpMutation('fields.delete');
  const removeObject = useOpMutation('objects.delete');
  if (meta.isLoading) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  if (meta.isError || !meta.data) return <Alert color="red">{messageOf(meta.error)}</Alert>;
  const m: PlatformObject = meta.data;
  const targetName = (id?: string) => {
    const target = objects.find((o) => o.id === id);
    return target ? shownName(target) : (id ?? '');
  };
  const fields = [...m.fields].sort((a, b) => a.position - b.position);

  return (
    <Card withBorder radius="md" padding="md" data-testid="object-details">
      <Group justify="space-between" wrap="wrap" mb="sm">
        <div>
          <Group gap="xs">
            <Title order={4}>{shownName(m)}</Title>
            <Badge variant="light">{t(`kinds.${m.kind}`)}</Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('objects.table')}: <code>{m.tableName}</code>
          </Text>
          {shownDescription(m) && (
            <Text size="sm" c="dimmed" mt={4}>
              {shownDescription(m)}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={objectPath(m.id)}
            leftSection={<IconExternalLink size={14} />}
            data-testid="object-open"
          >
            {t('objects.openRecords')}
          </Button>
          <Can I="update" a="Object">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} />}
              onClick={() => onEdit(m)}
            >
              {t('objects.edit')}
            </Button>
          </Can>
          <Can I="delete" a="Object">
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirm({ kind: 'object' })}
            >
              {t('common:actions.delete')}
            </Button>
          </Can>
        </Group>
      </Group>
      <Group justify="space-between" mb="xs">
        <Text fw={500}>{t('objects.fields')}</Text>
        <Can I="create" a="Field">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setFieldModal({ opened: true, field: null })}
            data-testid="field-new"
          >
            {t('fields.new')}
          </Button>
        </Can>
      </Group>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('objects.noFields')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.name')}</Table.Th>
                <Table.Th>{t('fields.code')}</Table.Th>
                <Table.Th>{t('fields.type')}</Table.Th>
                <Table.Th>{t('fields.options')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={f.id} data-testid="field-row">
                  <Table.Td>
                    <Group gap={4}>
                      <Text size="sm" fw={500}>
                        {shownName(f)}
                      </Text>
                      {m.displayFieldId === f.id && (
                        <Badge size="xs" variant="outline">
                          {t('objects.display')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <code>{f.code}</code>
                  </Table.Td>
                  <Table.Td>
                    {t(`types.${f.type}`)}
                    {f.type === 'reference' && ` → ${targetName(f.options.target)}`}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {optionSummary(f, t).map((s) => (
                        <Badge
                          key={s}
                          size="xs"
                          variant="light"
                          color="gray"
                          style={{ textTransform: 'none' }}
                        >
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} justify="flex-end" wrap="nowrap">
                      <Can I="update" a="Field">
                        <Tooltip label={t('fields.editShort')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('fields.edit', { name: shownName(f) })}
                            onClick={() => setFieldModal({ opened: true, field: f })}
                          >
                            <IconEdit size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Can>
                      <Can I="delete" a="Field">
                        <Tooltip label={t('common:actions.remove')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('fields.remove', { name: f.name })}
                            onClick={() => setConfirm({ kind: 'field', field: f })}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Can>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FieldEditor
        objectId={m.id}
        field={fieldModal.field}
        opened={fieldModal.opened}
        onClose={() => setFieldModal((x) => ({ ...x, opened: false }))}
        objects={objects}
      />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm?.kind === 'field' ? t('fields.removeTitle') : t('objects.deleteTitle')}
        centered
      >
        <Stack>
          <Text size="sm">
            {confirm?.kind === 'field'
              ? t('fields.removeText', { name: confirm.field.name })
              : t('objects.deleteText', { name: m.name })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={removeField.isPending || removeObject.isPending}
              onClick={() => {
                const opts = {
                  onSuccess: () => {
                    setConfirm(null);
                    notifications.show({
                      color: 'teal',
                      message:
                        confirm?.kind === 'field' ? t('fields.removed') : t('objects.deleted'),
                    });
                  },
                  onError: (err: unknown) =>
                    notifications.show({ color: 'red', message: messageOf(err) }),
                };
                if (confirm?.kind === 'field') removeField.mutate({ id: confirm.field.id }, opts);
                else removeObject.mutate({ id: m.id }, opts);
              }}
            >
              {confirm?.kind === 'field' ? t('common:actions.remove') : t('common:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function ObjectEditor({
  opened,
  object,
  defaultKind,
  onClose,
  onCreated,
}: {
  opened: boolean;
  object: ObjectSummary | null;
  defaultKind: ObjectKind;
  onClose: () => void;
  onCreated: (o: ObjectSummary) => void;
}) {
  const { t } = useTranslation('platform');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<ObjectKind>(defaultKind);
  const [description, setDescription] = useState('');
  const [displayFieldId, setDisplayFieldId] = useState<string | null>(null);
  const [names, setNames] = useState<NameTranslations>({});
  const [descriptions, setDescriptions] = useState<DescriptionTranslations>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useOpMutation('objects.create');
  const update = useOpMutation('objects.update');
  const meta = useOp('objects.get', { id: object?.id ?? '' }, { enabled: opened && !!object });
  useEffect(() => {
    if (!opened) return;
    setName(object?.name ?? '');
    setCode(object?.code ?? '');
    setKind(object?.kind ?? defaultKind);
    setDescription(object?.description ?? '');
    setDisplayFieldId(object?.displayFieldId ?? null);
    setNames(object?.names ?? {});
    setDescriptions(object?.descriptions ?? {});
    setErrors({});
  }, [opened, object, defaultKind]);

  const submit = () => {
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = t('validation.required');
    if (code && !CODE_PATTERN.test(code)) errs.code = t('validation.code');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const fail = (err: unknown) => {
      const fields = errorOf(err)?.fields;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
      notifications.show({ color: 'red', message: messageOf(err) });
    };
    // A mounted object keeps its kind: mounts make and end it.
    const editableKind = kind === 'mounted' ? undefined : kind;
    if (object) {
      update.mutate(
        {
          id: object.id,
          name: name.trim(),
          kind: editableKind,
          description,
          displayFieldId,
          names,
          descriptions,
        },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('objects.saved') });
            onClose();
          },
          onError: fail,
        },
      );
    } else {
      create.mutate(
        {
          name: name.trim(),
          code: code || undefined,
          kind: editableKind,
          description,
          names,
          descriptions,
        },
        {
          onSuccess: (o) => {
            notifications.show({ color: 'teal', message: t('objects.created', { name: o.name }) });
            onCreated(o);
            onClose();
          },
          onError: fail,
        },
      );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        object
          ? t('objects.editTitle', { name: shownName(object) })
          : kind === 'reference'
            ? t('objects.newCatalogTitle')
            : t('objects.newTitle')
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('objects.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <NameTranslationsInput
            value={names}
            onChange={setNames}
            fallback={name}
            errors={errors}
          />
          <TextInput
            label={t('objects.code')}
            description={object ? undefined : t('objects.codeHint')}
            value={code}
            disabled={!!object}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
          />
          <Select
            label={t('objects.kind')}
            data={[
              { value: 'table', label: t('kinds.table') },
              { value: 'reference', label: t('kinds.reference') },
            ]}
            value={kind}
            onChange={(v) => v && setKind(v as ObjectKind)}
            allowDeselect={false}
          />
          {object && meta.data && (
            <Select
              label={t('objects.displayField')}
              data={meta.data.fields.map((f) => ({ value: f.id, label: shownName(f) }))}
              value={displayFieldId}
              onChange={setDisplayFieldId}
              clearable
              error={errors.displayFieldId}
            />
          )}
          <Textarea
            label={t('objects.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
            data-testid="object-description"
          />
          <DescriptionTranslationsInput
            value={descriptions}
            onChange={setDescriptions}
            fallback={description}
            errors={errors}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              data-testid="object-submit"
            >
              {object ? t('common:actions.save') : t('common:actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
