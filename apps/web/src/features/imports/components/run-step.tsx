import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../lib/status';

/** Step 5: live progress of the running job. */
export function RunStep({
  imp,
  onCancel,
  cancelling,
}: {
  imp: Import;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const { t, i18n } = useTranslation('imports');
  // Rows per second over what this screen has seen.
  const first = useRef<{ at: number; rows: number } | null>(null);
  const [rate, setRate] = useState(0);
  useEffect(() => {
    if (imp.status !== 'running') return;
    const now = Date.now();
    if (!first.current) {
      first.current = { at: now, rows: imp.processed };
      return;
    }
    const elapsed = (now - first.current.at) / 1000;
    if (elapsed > 0.5) setRate(Math.max(0, (imp.processed - first.current.rows) / elapsed));
  }, [imp.processed, imp.status]);
  const left =
    rate > 0 && imp.total !== null ? Math.max(0, (imp.total - imp.processed) / rate) : null;
  const pct = Math.round(imp.progress * 100);
  const fmt = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Stack gap="md" py="md" data-testid="wizard-run">
      <Group justify="space-between">
        <Text fw={500}>
          {imp.status === 'queued' ? t('run.queued') : t('run.running', { name: imp.fileName })}
        </Text>
        <Text size="sm" c="dimmed">
          {pct}%
        </Text>
      </Group>
      <Progress value={pct} size="xl" animated aria-label={t('progress')} />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="run-rows">
          {imp.total !== null
            ? t('run.rowsOf', { done: fmt(imp.processed), total: fmt(imp.total) })
            : t('run.rows', { done: fmt(imp.processed) })}
        </Text>
        <Text size="sm" c="dimmed">
          {rate > 0 && t('run.rate', { rate: fmt(Math.round(rate)) })}
          {left !== null && ` · ${t('upload.left', { time: formatDuration(left) })}`}
        </Text>
      </Group>
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} />}
          onClick={onCancel}
          loading={cancelling}
          data-testid="run-cancel"
        >
          {t('run.cancel')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('run.closeHint')}
      </Text>
    </Stack>
  );
}
