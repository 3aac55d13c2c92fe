import { MultiSelect, Select, Stack, Switch, Text } from '@mantine/core';
import type { ProcedureParam, ProcedureTrigger } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { useOp } from '@/lib/qry';
import { shownName } from '@/lib/names';
import type { Issues } from '../lib/steps';
import { ExprInput } from './expr-input';

/**
 * When the procedure runs by itself: on a change of records of an object (in some of its
 * fields), inside that change, each parameter computed from the changed record.
 */
export function TriggerEditor({
  trigger,
  onChange,
  params,
  objects,
  issues,
}: {
  trigger: ProcedureTrigger | null;
  onChange: (t: ProcedureTrigger | null) => void;
  params: readonly ProcedureParam[];
  objects: { value: string; label: string }[];
  issues: Issues;
}) {
  const { t } = useTranslation('procedures');
  const objectId = trigger?.objectId ?? null;
  const meta = useOp('objects.get', { id: objectId ?? '' }, { enabled: !!objectId });
  const fields = (meta.data?.fields ?? []).map((f) => ({
    value: f.code,
    label: `${shownName(f)} (${f.code})`,
  }));
  return (
    <Stack gap="xs" data-testid="trigger-editor">
      <Switch
        label={t('trigger.on')}
        description={t('trigger.hint')}
        checked={!!trigger}
        onChange={(e) =>
          onChange(
            e.currentTarget.checked
              ? { objectId: objects[0]?.value ?? '', fields: [], params: {} }
              : null,
          )
        }
        data-testid="trigger-switch"
      />
      {trigger && (
        <>
          <Select
            label={t('trigger.object')}
            data={objects}
            value={trigger.objectId || null}
            onChange={(v) => onChange({ objectId: v ?? '', fields: [], params: {} })}
            error={issues['trigger.objectId']}
            searchable
            required
            data-testid="trigger-object"
          />
          <MultiSelect
            label={t('trigger.fields')}
            description={t('trigger.fieldsHint')}
            data={fields}
            value={trigger.fields}
            onChange={(v) => onChange({ ...trigger, fields: v })}
            error={Object.entries(issues)
              .filter(([k]) => k.startsWith('trigger.fields.'))
              .map(([, v]) => v)
              .join(' ')}
            searchable
            clearable
            data-testid="trigger-fields"
          />
          {params.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('trigger.noParams')}
            </Text>
          ) : (
            params.map((p) => (
              <ExprInput
                key={p.name}
                label={`@${p.name}${p.label ? ` — ${p.label}` : ''}`}
                description={t('trigger.paramHint')}
                required={p.required && p.default === null}
                value={trigger.params[p.name] ?? ''}
                onChange={(v) => {
                  const next = { ...trigger.params, [p.name]: v };
                  if (!v) delete next[p.name];
                  onChange({ ...trigger, params: next });
                }}
                objectId={trigger.objectId || null}
                params={[]}
                error={issues[`trigger.params.${p.name}`]}
                testId={`trigger-param-${p.name}`}
              />
            ))
          )}
        </>
      )}
    </Stack>
  );
}
