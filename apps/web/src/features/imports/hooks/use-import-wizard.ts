import type { Import, ImportMapping, ImportSettings } from '@fiscus/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, messageOf } from '@/lib/api-client';
import type { UploadedFile } from '@/lib/chunked-upload';
import { useOp, useOpMutation } from '@/lib/qry';
import { useImport, usePreview } from '../api/imports';
import type { Options, Reading, StepErrors } from '../components/wizard-types';
import { isFinished } from '../lib/status';
import {
  MAP,
  OPTIONS,
  PREVIEW,
  RESULT,
  RUN,
  UPLOAD,
  optionsOf,
  readingOf,
  stepFor,
  type WizardIntent,
} from '../lib/wizard';
import { shownName } from '@/lib/names';

/**
 * The state of the import wizard: the import, the step, the reading settings, the mapping and
 * the options the user is editing, errors per control, and the moves between steps (each
 * saves what its step changed; a refusal of the server goes back to the step it concerns).
 */
export function useImportWizard({
  importId,
  intent,
  defaultObjectId,
  onCreated,
}: {
  importId: string | null;
  intent: WizardIntent;
  defaultObjectId: string | null;
  onCreated: (imp: Import) => void;
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
    const placed = placeErrors(errorOf(err)?.fields, sent);
    if (!placed) {
      setGeneral(messageOf(err));
      return;
    }
    setErrors(placed.errors);
    setGeneral(placed.unplaced || placed.back === null ? messageOf(err) : null);
    if (placed.back !== null) setStep(placed.back);
  };

  const onUploaded = useCallback(
    (file: UploadedFile) => {
      if (!objectId) return;
      setGeneral(null);
      create.mutate({ objectId, fileId: file.fileId }, { onSuccess: (c) => onCreated(c) });
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
    const next = mappingErrors(mapping, t);
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
          { onSuccess: () => setStep(RUN), onError: (err) => fail(err, mapping) },
        ),
      );
    }
  };

  /** A step's own edit: its errors are the previous input's. */
  const edit =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      setErrors({});
      set(v);
    };

  return {
    query,
    imp,
    step,
    goTo: (s: number) => {
      setErrors({});
      setStep(s);
    },
    objectId,
    setObjectId,
    reading,
    setReading: edit(setReading),
    mapping,
    setMapping: edit(setMapping),
    options,
    setOptions: edit(setOptions),
    errors,
    general,
    clearGeneral: () => setGeneral(null),
    preview,
    fields,
    keyFields,
    create,
    cancel,
    busy: update.isPending || run.isPending,
    onUploaded,
    next,
  };
}

/** The mapping's own problems: nothing mapped, a field mapped twice. */
function mappingErrors(mapping: ImportMapping[], t: (k: string) => string): StepErrors {
  const next: StepErrors = {};
  const mapped = mapping.filter((m) => m.field);
  if (mapped.length === 0) next.mapping = t('map.noneMapped');
  const seen = new Map<string, number>();
  for (const m of mapped) seen.set(m.field!, (seen.get(m.field!) ?? 0) + 1);
  for (const m of mapped)
    if ((seen.get(m.field!) ?? 0) > 1) next[`column.${m.column}`] = t('map.duplicate');
  return next;
}

/** Where the server's per-field messages belong: a control and the earliest step holding one. */
function placeErrors(
  fieldErrors: Record<string, string[]> | undefined,
  sent: ImportMapping[],
): { errors: StepErrors; back: number | null; unplaced: boolean } | null {
  if (!fieldErrors) return null;
  const errors: StepErrors = {};
  let back = Number.POSITIVE_INFINITY;
  let unplaced = false;
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    const m = /^settings\.mapping\.(\d+)/.exec(path);
    if (m) {
      errors[`column.${sent[Number(m[1])]?.column ?? m[1]}`] = message;
      back = Math.min(back, MAP);
    } else if (/^settings\.(delimiter|encoding|sheet|header)$/.test(path)) {
      errors[path] = message;
      back = Math.min(back, PREVIEW);
    } else if (/^settings\.(mode|keyField|insertMissing|onError)$/.test(path)) {
      errors[path] = message;
      back = Math.min(back, OPTIONS);
    } else unplaced = true;
  }
  return { errors, back: back === Number.POSITIVE_INFINITY ? null : back, unplaced };
}
