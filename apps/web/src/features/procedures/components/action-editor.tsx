import {
  Alert,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import {
  actionIcons,
  roles,
  type ActionDef,
  type DescriptionTranslations,
  type NameTranslations,
  type OpInput,
  type ProcedureParam,
  type Role,
} from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ability } from '@/lib/ability';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { actionIcon } from '../lib/icons';
import { ParamInput, paramLabel, type ParamValue } from './param-input';
import { shownName } from '@/lib/names';
import { DescriptionTranslationsInput, NameTranslationsInput } from '@/components/names-input';

type ActionDraft = Omit<
  OpInput<'actions.create'>,
  'names' | 'confirms' | 'preset' | 'ask' | 'placement' | 'roles'
> & {
  names: NameTranslations;
  confirms: DescriptionTranslations;
  preset: Record<string, ParamValue>;
  ask: string[];
  placement: ('toolbar' | 'card')[];
  roles: Role[];
};

const emptyAction = (): ActionDraft => ({
  name: '',
  names: {},
  icon: 'bolt',
  procedureId: '',
  objectId: '',
  placement: ['toolbar'],
  recordParam: null,
  preset: {},
  ask: [],
  confirm: '',
  confirms: {},
  roles: ['owner', 'admin', 'editor'],
  position: 0,
});

const draftOf = (a: ActionDef): ActionDraft => ({
  name: a.name,
  names: a.names ?? {},
  icon: a.icon,
  procedureId: a.procedureId,
  objectId: a.objectId,
  placement: a.placement,
  recordParam: a.recordParam,
  preset: a.preset,
  ask: a.ask,
  confirm: a.confirm,
  confirms: a.confirms ?? {},
  roles: a.roles,
  position: a.position,
});

type Mode = 'ask' | 'preset' | 'default' | 'record';

/** How the action gives a parameter its value. */
function modeOf(d: ActionDraft, p: ProcedureParam): Mode {
  if (d.recordParam === p.name) return 'record';
  if (d.ask.includes(p.name)) return 'ask';
  if (p.name in d.preset) return 'preset';
  return 'default';
}

/** Defining an action: its button, the procedure it runs and how each parameter is given. */
export function ActionEditor({
  actionId,
  onClose,
  onSaved,
}: {
  /** 'new' for a new action; null: closed. */
  actionId: string | null;
  onClose: () => void;
  onSaved?: (a: ActionDef) => void;
}) {
  const { t } = useTranslation('procedures');
  const phone = useMediaQuery('(max-width: 48em)');
  const opened = actionId !== null;
  const isNew = actionId === 'new';
  const existing = useOp('actions.get', { id: actionId ?? '' }, { enabled: opened && !isNew });
  const objects = useOp('objects.list', {}, { enabled: opened });
  const procs = useOp('procedures.list', {}, { enabled: opened });
  const [d, setD] = useState<ActionDraft>(emptyAction);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setFormError(null);
    if (isNew) setD(emptyAction());
  }, [opened, isNew, actionId]);
  useEffect(() => {
    if (opened && !isNew && existing.data) setD(draftOf(existing.data));
  }, [opened, isNew, existing.data]);
  const proc = useOp(
    'procedures.get',
    { id: d.procedureId },
    { enabled: opened && !!d.procedureId },
  );
  const params = proc.data?.params ?? [];
  const recordParams = params.filter((p) => p.type === 'record' && p.objectId === d.objectId);

  const set = (patch: Partial<ActionDraft>) => {
    setErrors({});
    setD((x) => ({ ...x, ...patch }));
  };
  const setMode = (p: ProcedureParam, mode: Mode) => {
    const ask = d.ask.filter((n) => n !== p.name);
    const preset = { ...d.preset };
    delete preset[p.name];
    let recordParam = d.recordParam === p.name ? null : d.recordParam;
    if (mode === 'ask') ask.push(p.name);
    if (mode === 'preset') preset[p.name] = p.default ?? null;
    if (mode === 'record') recordParam = p.name;
    set({ ask, preset, recordParam });
  };

  const create = useOpMutation('actions.create');
  const update = useOpMutation('actions.update');
  const submit = () => {
    setFormError(null);
    const local: Record<string, string> = {};
    if (!d.name.trim()) local.name = t('actions.errors.name');
    if (!d.objectId) local.objectId = t('actions.errors.object');
    if (!d.procedureId) local.procedureId = t('actions.errors.procedure');
    if (!d.placement.length) local.placement = t('actions.errors.placement');
    if (!d.roles.length) local.roles = t('actions.errors.roles');
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const input = {
      ...d,
      recordParam: d.placement.includes('card') ? d.recordParam : null,
    };
    const done = (a: ActionDef) => {
      notifications.show({ color: 'teal', message: t('actions.saved', { name: a.name }) });
      onSaved?.(a);
      onClose();
    };
    const fail = (err: unknown) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(errorOf(err)?.fields ?? {})) if (v[0]) fields[k] = v[0];
      setErrors(fields);
      setFormError(messageOf(err));
    };
    if (isNew) create.mutate(input, { onSuccess: done, onError: fail });
    else if (actionId)
      update.mutate({ id: actionId, ...input }, { onSuccess: done, onError: fail });
  };

  const paramError = (name: string) =>
    errors[`preset.${name}`] ?? errors[`ask.${name}`] ?? errors[`params.${name}`] ?? null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size="xl"
      closeOnClickOutside={false}
      title={
        isNew
          ? t('actions.newTitle')
          : t('actions.editTitle', { name: existing.data ? shownName(existing.data) : '' })
      }
      data-testid="action-editor"
    >
      {!isNew && existing.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            {formError && (
              <Alert color="red" role="alert" data-testid="action-error">
                {formError}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('actions.name')}
                description={t('actions.nameHint')}
                required
                value={d.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
                error={errors.name}
                data-testid="action-name"
              />
              <Select
                label={t('actions.icon')}
                data={actionIcons.map((i) => ({ value: i, label: t(`actions.icons.${i}`) }))}
                value={d.icon}
                onChange={(v) => v && set({ icon: v as ActionDraft['icon'] })}
                allowDeselect={false}
                leftSection={(() => {
                  const I = actionIcon[d.icon ?? 'bolt'];
                  return <I size={16} />;
                })()}
                renderOption={({ option }) => {
                  const I = actionIcon[option.value as keyof typeof actionIcon];
                  return (
                    <Group gap="xs">
                      <I size={16} />
                      <Text size="sm">{option.label}</Text>
                    </Group>
                  );
                }}
              />
              <Select
                label={t('actions.object')}
                description={t('actions.objectHint')}
                required
                searchable
                data={(objects.data?.items ?? []).map((o) => ({
                  value: o.id,
                  label: shownName(o),
                }))}
                value={d.objectId || null}
                onChange={(v) => set({ objectId: v ?? '', recordParam: null })}
                error={errors.objectId}
                data-testid="action-object"
              />
              <Select
                label={t('actions.procedure')}
                required
                searchable
                data={(procs.data?.items ?? []).map((p) => ({ value: p.id, label: shownName(p) }))}
                value={d.procedureId || null}
                onChange={(v) =>
                  set({ procedureId: v ?? '', preset: {}, ask: [], recordParam: null })
                }
                error={errors.procedureId}
                data-testid="action-procedure"
              />
            </SimpleGrid>
            <NameTranslationsInput
              value={d.names}
              onChange={(names) => set({ names })}
              fallback={d.name}
              errors={errors}
            />
            <Checkbox.Group
              label={t('actions.placement')}
              value={d.placement}
              onChange={(v) => set({ placement: v as ActionDraft['placement'] })}
              error={errors.placement}
            >
              <Group mt={6}>
                <Checkbox
                  value="toolbar"
                  label={t('actions.placements.toolbar')}
                  data-testid="placement-toolbar"
                />
                <Checkbox
                  value="card"
                  label={t('actions.placements.card')}
                  data-testid="placement-card"
                />
              </Group>
            </Checkbox.Group>

            <Divider label={t('actions.params')} labelPosition="left" />
            {!d.procedureId ? (
              <Text size="sm" c="dimmed">
                {t('actions.pickProcedure')}
              </Text>
            ) : proc.isPending ? (
              <Loader size="sm" />
            ) : params.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('actions.noParams')}
              </Text>
            ) : (
              <Stack gap="sm">
                {params.map((p) => {
                  const mode = modeOf(d, p);
                  const canRecord =
                    d.placement.includes('card') && recordParams.some((r) => r.name === p.name);
                  return (
                    <div key={p.name} data-testid="action-param">
                      <Group justify="space-between" wrap="wrap" gap="xs">
                        <Text size="sm" fw={500}>
                          {paramLabel(p)}{' '}
                          <Text span c="dimmed" ff="monospace" size="xs">
                            @{p.name}
                          </Text>
                          {p.required && (
                            <Text span c="red">
                              {' '}
                              *
                            </Text>
                          )}
                        </Text>
                        <SegmentedControl
                          size="xs"
                          value={mode}
                          onChange={(v) => setMode(p, v as Mode)}
                          data={[
                            { value: 'ask', label: t('actions.modes.ask') },
                            { value: 'preset', label: t('actions.modes.preset') },
                            { value: 'default', label: t('actions.modes.default') },
                            ...(canRecord
                              ? [{ value: 'record', label: t('actions.modes.record') }]
                              : []),
                          ]}
                          data-testid={`param-mode-${p.name}`}
                        />
                      </Group>
                      {mode === 'preset' && (
                        <div style={{ maxWidth: 360, marginTop: 4 }}>
                          <ParamInput
                            param={{ ...p, label: t('actions.presetValue') }}
                            value={d.preset[p.name] ?? null}
                            onChange={(v) => set({ preset: { ...d.preset, [p.name]: v } })}
                          />
                        </div>
                      )}
                      {mode === 'default' && (
                        <Text size="xs" c="dimmed">
                          {p.default === null
                            ? t('actions.noDefault')
                            : t('actions.usesDefault', { value: String(p.default) })}
                        </Text>
                      )}
                      {mode === 'record' && (
                        <Text size="xs" c="dimmed">
                          {t('actions.recordHint')}
                        </Text>
                      )}
                      {paramError(p.name) && (
                        <Text size="xs" c="red">
                          {paramError(p.name)}
                        </Text>
                      )}
                    </div>
                  );
                })}
              </Stack>
            )}
            {errors.recordParam && (
              <Text size="xs" c="red">
                {errors.recordParam}
              </Text>
            )}

            <Divider label={t('actions.who')} labelPosition="left" />
            <Textarea
              label={t('actions.confirm')}
              description={t('actions.confirmHint')}
              autosize
              minRows={1}
              maxRows={3}
              value={d.confirm}
              onChange={(e) => set({ confirm: e.currentTarget.value })}
              error={errors.confirm}
              data-testid="action-confirm"
            />
            <DescriptionTranslationsInput
              question
              value={d.confirms}
              onChange={(confirms) => set({ confirms })}
              fallback={d.confirm ?? ''}
              errors={errors}
            />
            <Checkbox.Group
              label={t('actions.roles')}
              description={t('actions.rolesHint')}
              value={d.roles}
              onChange={(v) => set({ roles: v as Role[] })}
              error={errors.roles}
            >
              <Group mt={6}>
                {roles.map((r) => (
                  <Checkbox key={r} value={r} label={t(`common:role.${r}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <NumberInput
              label={t('actions.position')}
              description={t('actions.positionHint')}
              min={0}
              max={1000}
              value={d.position}
              onChange={(v) => set({ position: typeof v === 'number' ? v : 0 })}
              style={{ maxWidth: 200 }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              {ability.can(isNew ? 'create' : 'update', 'Action') && (
                <Button
                  type="submit"
                  loading={create.isPending || update.isPending}
                  data-testid="action-save"
                >
                  {t('common:actions.save')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
