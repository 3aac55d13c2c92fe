import { Alert, Button, Group, Loader, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconArrowRight,
  IconExternalLink,
  IconHistory,
  IconPlayerPlay,
  IconRepeat,
} from '@tabler/icons-react';
import type { Import, ImportMapping, ImportSettings } from '@fiscus/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorOf, messageOf } from '@/lib/api-client';
import type { UploadedFile } from '@/lib/chunked-upload';
import { useOp, useOpMutation } from '@/lib/qry';
import { useImport, usePreview } from '../api/imports';
import { isActive, isFinished } from '../lib/status';
import { LogDrawer } from './log-drawer';
import { ResultCounts } from './result-counts';
import { objectPath } from './result-modal';
import { StatusBadge } from './status-badge';
import { UploadStep } from './upload-step';
import {
  MapStep,
  OptionsStep,
  PreviewStep,
  RunStep,
  type Options,
  type Reading,
  type StepErrors,
} from './wizard-steps';
import { shownName } from '@/lib/names';

export const STEPS = ['upload', 'preview', 'map', 'options', 'run', 'result'] as const;
const [UPLOAD, PREVIEW, MAP, OPTIONS, RUN, RESULT] = [0, 1, 2, 3, 4, 5] as const;

/** `run`: the toolbar's Run — a draft continues, a finished import goes to Options to run again. */
export type WizardIntent = 'open' | 'run';

/** Where an import opens: a draft at Preview, a running one at Run, a finished one at Result. */
export function stepFor(imp: Import, intent: WizardIntent = 'open'): number {
  if (imp.status === 'draft') return PREVIEW;
  if (isActive(imp.status)) return RUN;
  return intent === 'run' ? OPTIONS : RESULT;
}

/**
 * The import wizard: Upload → Preview → Map → Options → Run → Result, in a large modal
 * (full screen on a phone). `importId` null starts a new import.
 */
export function ImportWizard({
  opened,
  importId,
  intent = 'open',
  defaultObjectId,
  onCreated,
  onClose,
}: {
  opened: boolean;
  importId: string | null;
  intent?: WizardIntent;
  defaultObjectId?: string | null;
  onCreated: (imp: Import) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('imports');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('wizard.title')}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
      data-testid="import-wizard"
    >
      {opened && (
        <WizardBody
          key={importId ?? 'new'}
          importId={importId}
          intent={intent}
          defaultObjectId={defaultObjectId ?? null}
          onCreated={onCreated}
          onClose={onClose}
          phone={!!phone}
        />
      )}
    </Modal>
  );
}

const readingOf = (s: ImportSettings): Reading => ({
  delimiter: s.delimiter,
  encoding: s.encoding,
  sheet: s.sheet,
  header: s.header,
});
const optionsOf = (s: ImportSettings): Options => ({
  mode: s.mode,
  keyField: s.keyField,
  insertMissing: s.insertMissing,
  onError: s.onError,
});

function WizardBody({
  importId,
  intent,
  defaultObjectId,
  onCreated,
  onClose,
  phone,
}: {
  importId: string | null;
  intent: WizardIntent;
  defaultObjectId: string | null;
  onCreated: (imp: Import) => void;
  onClose: () => void;
  phone: boolean;
}) {
  const { t } = useTranslation('imports');
  const query = useImport(importId);
  const imp = query.data;
  const [step, setStep] = useState<number>(importId ? -1 : UPLOAD);
  const [objectId, setObjectId] = useState<string | null>(defaultObjectId);
  const [reading, setReading] = useState<Reading | null>(null);
  const [mapping, setMapping] = useState<ImportMapping[]>([]);
  const [options, setOptions] = useState<Options | null>(null);
  const [errors, setErrors] = useState<StepErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const create = useOpMutation('imports.create');
  const update = useOpMutation('imports.update');
  const run = useOpMutation('imports.run');
  const cancel = useOpMutation('imports.cancel');
  const target = useOp('objects.get', { id: imp?.objectId ?? '' }, { enabled: !!imp });

  // First sight of the import: its settings and the step it opens at.
  useEffect(() => {
    if (!imp || reading) return;
    setReading(readingOf(imp.settings));
    setOptions(optionsOf(imp.settings));
    setMapping(imp.settings.mapping);
    if (step === -1) setStep(stepFor(imp, intent));
  }, [imp, reading, step, intent]);

  // A running import ends: show the result.
  useEffect(() => {
    if (step === RUN && imp && isFinished(imp.status)) setStep(RESULT);
  }, [step, imp]);

  const previewOn = !!imp && !!reading && (step === PREVIEW || step === MAP);
  const preview = usePreview(importId, reading ?? undefined, { enabled: previewOn });
  const previewData = preview.data;

  // The mapping follows the columns: the saved one for the saved reading, else the suggestion.
  const mappedFor = useRef<string | null>(null);
  const readingKey = JSON.stringify(reading);
  useEffect(() => {
    if (!imp || !previewData || preview.isPlaceholderData) return;
    if (mappedFor.current === readingKey) return;
    const first = mappedFor.current === null;
    mappedFor.current = readingKey;
    const saved = first ? imp.settings.mapping : [];
    const cols = previewData.columns.map((c) => c.index);
    const pick = (column: number) =>
      (saved.length ? saved : previewData.mapping).find((m) => m.column === column)?.field ?? null;
    setMapping(cols.map((column) => ({ column, field: pick(column) })));
  }, [imp, previewData, preview.isPlaceholderData, readingKey]);

  const fields = useMemo(() => target.data?.fields ?? [], [target.data]);
  const keyFields = useMemo(() => {
    const mapped = new Set(mapping.map((m) => m.field).filter(Boolean));
    return fields
      .filter((f) => mapped.has(f.code))
      .map((f) => ({ value: f.code, label: `${shownName(f)} (${f.code})` }));
  }, [fields, mapping]);

  /** Server refusals go next to their control; the wizard goes back to that step. */
  const fail = (err: unknown, sent: ImportMapping[]) => {
    const fieldErrors = errorOf(err)?.fields;
    if (!fieldErrors) {
      setGeneral(messageOf(err));
      return;
    }
    const next: StepErrors = {};
    let back = Number.POSITIVE_INFINITY;
    let unplaced = false;
    for (const [path, messages] of Object.entries(fieldErrors)) {
      const message = messages[0];
      const m = /^settings\.mapping\.(\d+)/.exec(path);
      if (m) {
        next[`column.${sent[Number(m[1])]?.column ?? m[1]}`] = message;
        back = Math.min(back, MAP);
      } else if (/^settings\.(delimiter|encoding|sheet|header)$/.test(path)) {
        next[path] = message;
        back = Math.min(back, PREVIEW);
      } else if (/^settings\.(mode|keyField|insertMissing|onError)$/.test(path)) {
        next[path] = message;
        back = Math.min(back, OPTIONS);
      } else unplaced = true;
    }
    setErrors(next);
    setGeneral(unplaced || back === Number.POSITIVE_INFINITY ? messageOf(err) : null);
    if (back !== Number.POSITIVE_INFINITY) setStep(back);
  };

  const onUploaded = useCallback(
    (file: UploadedFile) => {
      if (!objectId) return;
      setGeneral(null);
      create.mutate(
        { objectId, fileId: file.fileId },
        {
          onSuccess: (created) => onCreated(created),
        },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [objectId, onCreated],
  );

  const save = (settings: Partial<ImportSettings>, then: () => void) => {
    if (!imp) return;
    setGeneral(null);
    const sent = settings.mapping ?? mapping;
    update.mutate(
      { id: imp.id, settings },
      {
        onSuccess: () => {
          setErrors({});
          then();
        },
        onError: (err) => fail(err, sent),
      },
    );
  };

  const checkMapping = (): boolean => {
    const next: StepErrors = {};
    const mapped = mapping.filter((m) => m.field);
    if (mapped.length === 0) next.mapping = t('map.noneMapped');
    const seen = new Map<string, number>();
    for (const m of mapped) seen.set(m.field!, (seen.get(m.field!) ?? 0) + 1);
    for (const m of mapped)
      if ((seen.get(m.field!) ?? 0) > 1) next[`column.${m.column}`] = t('map.duplicate');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const checkOptions = (): boolean => {
    if (!options) return false;
    const next: StepErrors = {};
    if (options.mode === 'update' && !options.keyField)
      next['settings.keyField'] = t('options.keyRequired');
    else if (options.mode === 'update' && !keyFields.some((k) => k.value === options.keyField))
      next['settings.keyField'] = t('options.keyNotMapped');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const next = () => {
    if (!reading || !options) return;
    if (step === PREVIEW) save({ ...reading, mapping }, () => setStep(MAP));
    else if (step === MAP) {
      if (checkMapping()) save({ mapping }, () => setStep(OPTIONS));
    } else if (step === OPTIONS) {
      if (!checkMapping()) {
        setStep(MAP);
        return;
      }
      if (!checkOptions()) return;
      const settings = {
        ...reading,
        mapping,
        ...options,
        keyField: options.mode === 'update' ? options.keyField : null,
      };
      save(settings, () =>
        run.mutate(
          { id: imp!.id },
          {
            onSuccess: () => setStep(RUN),
            onError: (err) => fail(err, mapping),
          },
        ),
      );
    }
  };

  if (step === -1) {
    return query.isError ? (
      <Alert color="red" title={t('wizard.loadError')} data-testid="wizard-load-error">
        {messageOf(query.error)}
      </Alert>
    ) : (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }

  const editable = !imp || imp.status === 'draft' || isFinished(imp.status);
  const busy = update.isPending || run.isPending;
  return (
    <Stack gap="md">
      <Stepper
        active={step}
        size="sm"
        iconSize={phone ? 28 : 34}
        allowNextStepsSelect={false}
        onStepClick={(s) => {
          if (s >= PREVIEW && s <= OPTIONS && editable && imp) {
            setErrors({});
            setStep(s);
          }
        }}
        styles={{ steps: { flexWrap: phone ? 'nowrap' : undefined } }}
      >
        {STEPS.map((s) => (
          <Stepper.Step
            key={s}
            label={phone ? undefined : t(`wizard.steps.${s}`)}
            aria-label={t(`wizard.steps.${s}`)}
          />
        ))}
      </Stepper>
      {phone && (
        <Text size="sm" fw={600}>
          {t('wizard.stepOf', {
            n: step + 1,
            total: STEPS.length,
            name: t(`wizard.steps.${STEPS[step]}`),
          })}
        </Text>
      )}
      {imp && step > UPLOAD && (
        <Group gap="xs" wrap="wrap">
          <StatusBadge status={imp.status} />
          <Text size="sm" fw={500} truncate maw={360}>
            {imp.fileName}
          </Text>
          <Text size="sm" c="dimmed">
            → {imp.objectName}
          </Text>
        </Group>
      )}
      {general && (
        <Alert
          color="red"
          withCloseButton
          onClose={() => setGeneral(null)}
          data-testid="wizard-error"
        >
          {general}
        </Alert>
      )}

      <div data-testid={`wizard-step-${STEPS[step]}`}>
        {step === UPLOAD && (
          <UploadStep
            objectId={objectId}
            onObjectChange={setObjectId}
            creating={create.isPending}
            createError={create.isError ? messageOf(create.error) : null}
            onUploaded={onUploaded}
          />
        )}
        {step === PREVIEW && imp && reading && (
          <PreviewStep
            imp={imp}
            reading={reading}
            onChange={(r) => {
              setErrors({});
              setReading(r);
            }}
            preview={previewData}
            loading={preview.isFetching}
            error={preview.isError ? messageOf(preview.error) : null}
            errors={errors}
          />
        )}
        {step === MAP && (
          <MapStep
            preview={previewData}
            fields={fields}
            mapping={mapping}
            onChange={(m) => {
              setErrors({});
              setMapping(m);
            }}
            errors={errors}
          />
        )}
        {step === OPTIONS && options && (
          <OptionsStep
            options={options}
            onChange={(o) => {
              setErrors({});
              setOptions(o);
            }}
            keyFields={keyFields}
            errors={errors}
          />
        )}
        {step === RUN && imp && (
          <RunStep
            imp={imp}
            cancelling={cancel.isPending}
            onCancel={() =>
              cancel.mutate(
                { id: imp.id },
                {
                  onSuccess: () =>
                    notifications.show({ color: 'orange', message: t('run.cancelled') }),
                  onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
                },
              )
            }
          />
        )}
        {step === RESULT && imp && (
          <Stack gap="md">
            <Text fw={500} data-testid="wizard-result-title">
              {t(`result.${imp.status}`, { defaultValue: t('result.succeeded') })}
            </Text>
            {imp.error && (
              <Alert color="red" title={t('failedTitle')}>
                {imp.error}
              </Alert>
            )}
            {imp.result && <ResultCounts result={imp.result} />}
            {imp.status === 'failed' && (
              <Text size="sm" c="dimmed">
                {t('result.nothingChanged')}
              </Text>
            )}
          </Stack>
        )}
      </div>

      <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
        <Group gap="xs">
          {step > PREVIEW && step <= OPTIONS && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => {
                setErrors({});
                setStep(step - 1);
              }}
              disabled={busy}
            >
              {t('wizard.back')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          {step === RESULT && imp && (
            <>
              <Button
                variant="default"
                leftSection={<IconHistory size={16} />}
                onClick={() => setLogOpen(true)}
                data-testid="wizard-log"
              >
                {t('common:actions.log')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconRepeat size={16} />}
                onClick={() => setStep(OPTIONS)}
              >
                {t('result.runAgain')}
              </Button>
              <Button
                component={Link}
                to={objectPath(imp.objectId)}
                leftSection={<IconExternalLink size={16} />}
                data-testid="wizard-open-records"
              >
                {t('openRecords')}
              </Button>
            </>
          )}
          {(step === PREVIEW || step === MAP) && (
            <Button
              rightSection={<IconArrowRight size={16} />}
              onClick={next}
              loading={busy}
              disabled={!previewData || preview.isError}
              data-testid="wizard-next"
            >
              {t('wizard.next')}
            </Button>
          )}
          {step === OPTIONS && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={next}
              loading={busy}
              color={options?.mode === 'replace' ? 'red' : undefined}
              data-testid="wizard-run"
            >
              {t('wizard.run')}
            </Button>
          )}
          {(step === UPLOAD || step === RUN) && (
            <Button variant="default" onClick={onClose}>
              {t('wizard.close')}
            </Button>
          )}
        </Group>
      </Group>
      <LogDrawer imp={logOpen && imp ? imp : null} onClose={() => setLogOpen(false)} />
    </Stack>
  );
}
