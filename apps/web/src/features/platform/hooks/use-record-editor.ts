import type { NameTranslations, PlatformObject, RecordRow } from '@fiscus/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf } from '@/lib/api-client';
import {
  initialValues,
  payload,
  validateValues,
  valuesOf,
  type FormErrors,
  type FormValues,
} from '../components/record-form';
import { useOpMutation } from '@/lib/qry';

/** Server field errors keyed by field code (`values.amount` and `amount` alike). */
export function fieldErrorsOf(err: unknown): FormErrors | null {
  const fields = errorOf(err)?.fields;
  if (!fields) return null;
  const out: FormErrors = {};
  for (const [k, msgs] of Object.entries(fields)) out[k.replace(/^values\./, '')] = msgs[0];
  return out;
}

/** Same names in other languages (empty ones count as none). */
function sameNames(a: NameTranslations, b: NameTranslations): boolean {
  const clean = (n: NameTranslations) =>
    JSON.stringify(
      Object.entries(n)
        .map(([k, v]) => [k, v?.trim() ?? ''])
        .filter(([, v]) => v)
        .sort(),
    );
  return clean(a) === clean(b);
}

/**
 * State and actions of a record card or page: values, per-field errors, create and save. A
 * catalog's record (an object of kind `reference`) also has its name in other languages.
 */
export function useRecordEditor(
  meta: PlatformObject | undefined,
  record: RecordRow | null | undefined,
) {
  const { t, i18n } = useTranslation('platform');
  const [values, setValues] = useState<FormValues>({});
  const [names, setNames] = useState<NameTranslations>({});
  const named = meta?.kind === 'reference';
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useOpMutation('records.create');
  const update = useOpMutation('records.update');
  const recordKey = record ? `${record.id}:${record.updatedAt}` : 'new';

  const reset = useCallback(() => {
    if (!meta) return;
    setValues(record ? valuesOf(meta, record) : initialValues(meta));
    setNames(record?.names ?? {});
    setErrors({});
    setFormError(null);
  }, [meta, record]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(reset, [meta?.id, meta?.updatedAt, recordKey]);

  const onChange = useCallback((code: string, value: unknown) => {
    setValues((v) => ({ ...v, [code]: value }));
    setErrors((e) => (e[code] ? { ...e, [code]: undefined } : e));
  }, []);

  const fail = (err: unknown) => {
    const fe = fieldErrorsOf(err);
    if (fe) setErrors(fe);
    setFormError(errorOf(err)?.message ?? (err instanceof Error ? err.message : String(err)));
  };

  const check = (): boolean => {
    if (!meta) return false;
    const found = validateValues(meta, values, t, i18n.language);
    setErrors(found);
    const ok = Object.values(found).every((v) => !v);
    setFormError(ok ? null : t('record.fixErrors'));
    return ok;
  };

  /** Creates the record; resolves to it, or null when it was refused. */
  const submitCreate = async (): Promise<RecordRow | null> => {
    if (!meta || !check()) return null;
    try {
      return await create.mutateAsync({
        objectId: meta.id,
        values: payload(meta, values),
        ...(named ? { names } : {}),
      });
    } catch (err) {
      fail(err);
      return null;
    }
  };

  const submitUpdate = async (): Promise<RecordRow | null> => {
    if (!meta || !record || !check()) return null;
    const changed = payload(meta, values, valuesOf(meta, record));
    const namesChanged = named && !sameNames(names, record.names ?? {});
    if (Object.keys(changed).length === 0 && !namesChanged) return record;
    try {
      return await update.mutateAsync({
        objectId: meta.id,
        id: record.id,
        values: changed,
        ...(namesChanged ? { names } : {}),
      });
    } catch (err) {
      fail(err);
      return null;
    }
  };

  return {
    values,
    /** A catalog's record: its name in other languages (undefined for other objects). */
    names: named ? names : undefined,
    setNames,
    errors,
    formError,
    onChange,
    reset,
    submitCreate,
    submitUpdate,
    busy: create.isPending || update.isPending,
  };
}
