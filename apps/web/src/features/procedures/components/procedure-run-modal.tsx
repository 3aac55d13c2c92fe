import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { RunModal } from './run-modal';
import { shownName } from '@/lib/names';

/** Run (or dry-run) a procedure from the procedures screen. */
export function ProcedureRunModal({
  procedureId,
  onClose,
}: {
  procedureId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('procedures');
  const proc = useOp('procedures.get', { id: procedureId ?? '' }, { enabled: !!procedureId });
  const run = useOpMutation('procedures.run');
  return (
    <RunModal
      opened={!!procedureId}
      onClose={onClose}
      title={t('run.title', { name: proc.data ? shownName(proc.data) : '' })}
      params={proc.data?.params ?? []}
      loading={proc.isPending && !!procedureId}
      loadError={proc.isError ? messageOf(proc.error) : null}
      start={(values, dryRun) => run.mutateAsync({ id: procedureId ?? '', params: values, dryRun })}
    />
  );
}
