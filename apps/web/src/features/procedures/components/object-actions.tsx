import { Button, Group } from '@mantine/core';
import type { ActionDef } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { actionIcon } from '../lib/icons';
import { paramLabel } from './param-input';
import { RunModal } from './run-modal';
import { shownName, shownQuestion } from '@/lib/names';

/** Pressing an action: its asked parameters, its question, then the run's progress and result. */
function ActionRun({
  action,
  recordId,
  onClose,
}: {
  action: ActionDef;
  recordId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('procedures');
  const proc = useOp('procedures.get', { id: action.procedureId });
  const run = useOpMutation('actions.run');
  const params = (proc.data?.params ?? []).filter((p) => action.ask.includes(p.name));
  const fixed = [
    ...(recordId !== undefined && action.recordParam
      ? [{ label: t('actionRun.record'), value: `#${recordId}` }]
      : []),
    ...Object.entries(action.preset).map(([name, v]) => {
      const p = proc.data?.params.find((x) => x.name === name);
      return { label: p ? paramLabel(p) : name, value: v === null ? '—' : String(v) };
    }),
  ];
  return (
    <RunModal
      opened
      onClose={onClose}
      title={shownName(action)}
      params={params}
      fixed={fixed}
      confirm={shownQuestion(action) || undefined}
      dryRun={false}
      loading={proc.isPending}
      loadError={proc.isError ? messageOf(proc.error) : null}
      start={(values) =>
        run.mutateAsync({
          id: action.id,
          params: values,
          ...(recordId !== undefined && action.recordParam ? { recordId } : {}),
        })
      }
      testId="action-run"
    />
  );
}

/**
 * The buttons of the actions placed on an object's list toolbar or record card that the
 * caller's role sees. On a card, the card's record is passed to the procedure.
 */
export function ObjectActions({
  objectId,
  placement,
  recordId,
  size = 'xs',
}: {
  objectId: string;
  placement: 'toolbar' | 'card';
  recordId?: number;
  size?: 'xs' | 'sm';
}) {
  const list = useOp('actions.list', { objectId, mine: true });
  const [pressed, setPressed] = useState<ActionDef | null>(null);
  const actions = (list.data?.items ?? []).filter((a) => a.placement.includes(placement));
  if (!actions.length) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid={`object-actions-${placement}`}>
        {actions.map((a) => {
          const I = actionIcon[a.icon];
          return (
            <Button
              key={a.id}
              size={size}
              variant="light"
              color="grape"
              leftSection={<I size={16} />}
              onClick={() => setPressed(a)}
              data-testid="object-action"
            >
              {shownName(a)}
            </Button>
          );
        })}
      </Group>
      {pressed && (
        <ActionRun
          action={pressed}
          recordId={placement === 'card' ? recordId : undefined}
          onClose={() => setPressed(null)}
        />
      )}
    </>
  );
}
