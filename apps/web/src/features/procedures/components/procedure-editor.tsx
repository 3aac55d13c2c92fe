import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Menu,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import { IconAlertCircle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { PROCEDURE_TIMEOUT_MAX, type Procedure } from '@fiscus/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ability } from '@/lib/ability';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import {
  draftOf,
  emptyDraft,
  issuesFrom,
  issuesFromFields,
  move,
  newStep,
  stepTypes,
  type Draft,
  type Issues,
} from '../lib/steps';
import { ParamsEditor } from './params-editor';
import { StepEditor } from './step-editor';
import { TriggerEditor } from './trigger-editor';
import { shownName } from '@/lib/names';
import { DescriptionTranslationsInput, NameTranslationsInput } from '@/components/names-input';

/**
 * Writing a procedure: name, parameters, steps as forms. The whole definition is checked by the
 * server as it changes (`procedures.validate`), every expression as it is typed.
 */
export function ProcedureEditor({
  procedureId,
  opened,
  onClose,
  onSaved,
}: {
  /** 'new' for a new procedure. */
  procedureId: string | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (p: Procedure) => void;
}) {
  const { t } = useTranslation('procedures');
  const phone = useMediaQuery('(max-width: 48em)');
  const isNew = procedureId === 'new';
  const existing = useOp(
    'procedures.get',
    { id: procedureId ?? '' },
    { enabled: opened && !!procedureId && !isNew },
  );
  const objects = useOp('objects.list', {}, { enabled: opened });
  const procs = useOp('procedures.list', {}, { enabled: opened });
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [saveIssues, setSaveIssues] = useState<Issues>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setSaveIssues({});
    setFormError(null);
    setTouched(false);
    if (isNew) setDraft(emptyDraft());
  }, [opened, isNew, procedureId]);
  useEffect(() => {
    if (opened && existing.data && !isNew) setDraft(draftOf(existing.data));
  }, [opened, existing.data, isNew]);

  const canEdit = ability.can('create', 'Procedure');
  const [checked] = useDebouncedValue(draft, 600);
  const validation = useOp(
    'procedures.validate',
    { ...(isNew || !procedureId ? {} : { id: procedureId }), definition: checked },
    {
      enabled: opened && touched && checked.name.trim() !== '',
      placeholderData: keepPreviousData,
      retry: false,
    },
  );
  const liveIssues = useMemo<Issues>(() => {
    if (validation.data) return issuesFrom(validation.data.issues);
    if (validation.error) return issuesFromFields(errorOf(validation.error)?.fields);
    return {};
  }, [validation.data, validation.error]);
  const issues = { ...liveIssues, ...saveIssues };
  const issueCount = Object.keys(issues).length;

  const update = (patch: Partial<Draft>) => {
    setTouched(true);
    setSaveIssues({});
    setDraft((d) => ({ ...d, ...patch }));
  };

  const create = useOpMutation('procedures.create');
  const save = useOpMutation('procedures.update');
  const busy = create.isPending || save.isPending;
  const submit = () => {
    setFormError(null);
    if (!draft.name.trim()) {
      setSaveIssues({ name: t('editor.nameRequired') });
      return;
    }
    const done = (p: Procedure) => {
      notifications.show({ color: 'teal', message: t('editor.saved', { name: p.name }) });
      onSaved?.(p);
    };
    const fail = (err: unknown) => {
      const fields = issuesFromFields(errorOf(err)?.fields);
      setSaveIssues(fields);
      if (!Object.keys(fields).length) setFormError(messageOf(err));
      else setFormError(t('editor.fixProblems', { count: Object.keys(fields).length }));
    };
    if (isNew) create.mutate(draft, { onSuccess: done, onError: fail });
    else if (procedureId)
      save.mutate({ id: procedureId, ...draft }, { onSuccess: done, onError: fail });
  };

  const objectOptions = (objects.data?.items ?? []).map((o) => ({
    value: o.id,
    label: shownName(o),
  }));
  const procedureOptions = (procs.data?.items ?? [])
    .filter((p) => p.id !== procedureId)
    .map((p) => ({ value: p.id, label: shownName(p) }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size="min(1100px, 96vw)"
      closeOnClickOutside={false}
      title={
        <Title order={4} component="span">
          {isNew
            ? t('editor.newTitle')
            : t('editor.editTitle', { name: existing.data ? shownName(existing.data) : '' })}
        </Title>
      }
      data-testid="procedure-editor"
    >
      {!isNew && existing.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : !isNew && existing.isError ? (
        <Alert color="red">{messageOf(existing.error)}</Alert>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {!canEdit && (
              <Alert color="blue" variant="light">
                {t('editor.readOnly')}
              </Alert>
            )}
            {formError && (
              <Alert color="red" role="alert" data-testid="editor-error">
                {formError}
              </Alert>
            )}
            <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="md">
                <Group align="flex-start" wrap="wrap" gap="sm">
                  <TextInput
                    label={t('editor.name')}
                    required
                    value={draft.name}
                    onChange={(e) => update({ name: e.currentTarget.value })}
                    error={issues.name}
                    style={{ flex: '2 1 260px' }}
                    data-testid="procedure-name"
                  />
                  <NumberInput
                    label={t('editor.timeout')}
                    description={t('editor.timeoutHint')}
                    min={1}
                    max={PROCEDURE_TIMEOUT_MAX}
                    value={draft.timeoutSeconds}
                    onChange={(v) => update({ timeoutSeconds: typeof v === 'number' ? v : 60 })}
                    error={issues.timeoutSeconds}
                    style={{ flex: '1 1 160px', maxWidth: 220 }}
                  />
                </Group>
                <NameTranslationsInput
                  value={draft.names}
                  onChange={(names) => update({ names })}
                  fallback={draft.name}
                  errors={issues}
                />
                <Textarea
                  label={t('editor.description')}
                  autosize
                  minRows={1}
                  maxRows={4}
                  value={draft.description}
                  onChange={(e) => update({ description: e.currentTarget.value })}
                  error={issues.description}
                  data-testid="procedure-description"
                />
                <DescriptionTranslationsInput
                  value={draft.descriptions}
                  onChange={(descriptions) => update({ descriptions })}
                  fallback={draft.description}
                  errors={issues}
                />

                <Divider label={t('editor.params')} labelPosition="left" />
                <Text size="xs" c="dimmed" mt={-8}>
                  {t('editor.paramsHint')}
                </Text>
                <ParamsEditor
                  params={draft.params}
                  onChange={(params) => update({ params })}
                  objects={objectOptions}
                  issues={issues}
                />

                <Divider label={t('trigger.title')} labelPosition="left" />
                <TriggerEditor
                  trigger={draft.trigger}
                  onChange={(trigger) => update({ trigger })}
                  params={draft.params}
                  objects={objectOptions}
                  issues={issues}
                />

                <Divider label={t('editor.steps')} labelPosition="left" />
                {draft.steps.length === 0 && (
                  <Text size="sm" c="dimmed" data-testid="steps-empty">
                    {t('editor.noSteps')}
                  </Text>
                )}
                {draft.steps.map((s, i) => (
                  <StepEditor
                    key={i}
                    step={s}
                    index={i}
                    count={draft.steps.length}
                    onChange={(next) =>
                      update({ steps: draft.steps.map((x, j) => (j === i ? next : x)) })
                    }
                    onMove={(delta) => update({ steps: move(draft.steps, i, delta) })}
                    onRemove={() => update({ steps: draft.steps.filter((_, j) => j !== i) })}
                    params={draft.params}
                    objects={objectOptions}
                    procedures={procedureOptions}
                    issues={issues}
                  />
                ))}
                <Menu position="bottom-start" shadow="md">
                  <Menu.Target>
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} />}
                      style={{ alignSelf: 'flex-start' }}
                      data-testid="step-add"
                    >
                      {t('editor.addStep')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {stepTypes.map((type) => (
                      <Menu.Item
                        key={type}
                        onClick={() => update({ steps: [...draft.steps, newStep(type)] })}
                        data-testid={`step-add-${type}`}
                      >
                        <Text size="sm" fw={500}>
                          {t(`steps.${type}.name`)}
                        </Text>
                        <Text size="xs" c="dimmed" maw={320}>
                          {t(`steps.${type}.hint`)}
                        </Text>
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Stack>
            </fieldset>

            <Divider />
            <Group justify="space-between" wrap="wrap">
              <Group gap={6} data-testid="editor-check">
                {touched && validation.isFetching ? (
                  <Loader size={14} />
                ) : issueCount > 0 ? (
                  <IconAlertCircle size={16} color="var(--mantine-color-red-6)" />
                ) : touched && validation.data ? (
                  <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
                ) : null}
                <Text size="sm" c={issueCount ? 'red' : 'dimmed'}>
                  {issueCount
                    ? t('editor.problems', { count: issueCount })
                    : touched && validation.data
                      ? t('editor.noProblems')
                      : ''}
                </Text>
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  {t('common:actions.cancel')}
                </Button>
                {canEdit && (
                  <Button type="submit" loading={busy} data-testid="procedure-save">
                    {t('common:actions.save')}
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
