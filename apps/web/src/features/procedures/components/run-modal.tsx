import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFlask, IconPlayerPlay, IconRepeat } from '@tabler/icons-react';
import type { ProcedureParam, ProcedureRun } from '@fiscus/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, messageOf } from '@/lib/api-client';
import {
  initialValues,
  missingRequired,
  paramLabel,
  ParamInput,
  type ParamValue,
} from './param-input';
import { RunView } from './run-view';

/**
 * Run a procedure: the typed parameter form, Run (and Dry run, when offered), then the run's
 * progress, Result and Log in the same dialog.
 */
export function RunModal({
  opened,
  onClose,
  title,
  params,
  fixed = [],
  confirm,
  dryRun = true,
  loading = false,
  loadError = null,
  start,
  testId = 'run-modal',
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The parameters asked for. */
  params: readonly ProcedureParam[];
  /** Values the run uses without asking (an action's presets, the card's record). */
  fixed?: { label: string; value: string }[];
  /** A question shown before running. */
  confirm?: string;
  dryRun?: boolean;
  loading?: boolean;
  loadError?: string | null;
  start: (values: Record<string, ParamValue>, dryRun: boolean) => Promise<ProcedureRun>;
  testId?: string;
}) {
  const { t } = useTranslation('procedures');
  const [values, setValues] = useState<Record<string, ParamValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'run' | 'dry' | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const paramsKey = params.map((p) => p.name).join(',');
  useEffect(() => {
    if (!opened) return;
    setValues(initialValues(params));
    setErrors({});
    setFormError(null);
    setRunId(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, paramsKey]);

  const submit = async (dry: boolean) => {
    const missing = missingRequired(params, values);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((m) => [m, t('run.required')])));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(dry ? 'dry' : 'run');
    try {
      const run = await start(values, dry);
      setRunId(run.id);
    } catch (err) {
      const env = errorOf(err);
      const fieldErrors: Record<string, string> = {};
      for (const [k, v] of Object.entries(env?.fields ?? {})) {
        const name = k.replace(/^params\./, '');
        if (params.some((p) => p.name === name) && v[0]) fieldErrors[name] = v[0];
      }
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length) setFormError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeOnClickOutside={!busy}
      data-testid={testId}
    >
      {loading ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : loadError ? (
        <Alert color="red">{loadError}</Alert>
      ) : runId ? (
        <Stack>
          <RunView runId={runId} />
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconRepeat size={16} />}
              onClick={() => setRunId(null)}
              data-testid="run-again"
            >
              {t('run.again')}
            </Button>
            <Button onClick={onClose} data-testid="run-close">
              {t('close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit(false);
          }}
        >
          <Stack>
            {confirm && (
              <Alert color="yellow" variant="light" data-testid="run-confirm">
                {confirm}
              </Alert>
            )}
            {formError && (
              <Alert color="red" role="alert" data-testid="run-form-error">
                {formError}
              </Alert>
            )}
            {fixed.length > 0 && (
              <Stack gap={2}>
                {fixed.map((f) => (
                  <Text size="sm" key={f.label}>
                    <Text span c="dimmed">
                      {f.label}:
                    </Text>{' '}
                    {f.value}
                  </Text>
                ))}
              </Stack>
            )}
            {params.length === 0 && fixed.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('run.noParams')}
              </Text>
            )}
            {params.map((p) => (
              <ParamInput
                key={p.name}
                param={p}
                value={values[p.name] ?? null}
                onChange={(v) => setValues((s) => ({ ...s, [p.name]: v }))}
                error={errors[p.name]}
              />
            ))}
            {Object.keys(errors).length > 0 && (
              <Text size="xs" c="red">
                {t('run.fixParams', {
                  names: params
                    .filter((p) => errors[p.name])
                    .map(paramLabel)
                    .join(', '),
                })}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              {dryRun && (
                <Button
                  variant="light"
                  leftSection={<IconFlask size={16} />}
                  loading={busy === 'dry'}
                  disabled={busy === 'run'}
                  onClick={() => void submit(true)}
                  data-testid="run-dry"
                >
                  {t('run.dryRun')}
                </Button>
              )}
              <Button
                type="submit"
                leftSection={<IconPlayerPlay size={16} />}
                loading={busy === 'run'}
                disabled={busy === 'dry'}
                data-testid="run-start"
              >
                {t('common:actions.run')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
