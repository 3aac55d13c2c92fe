import { Button, Group } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconExternalLink,
  IconHistory,
  IconPlayerPlay,
  IconRepeat,
} from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAP, OPTIONS, PREVIEW, RESULT, RUN, UPLOAD } from '../lib/wizard';
import { objectPath } from './result-modal';

/** The wizard's buttons for the step shown: Back, Next, Run, Log, Run again, Close… */
export function WizardFooter({
  step,
  imp,
  busy,
  canGoOn,
  replacing,
  onBack,
  onNext,
  onLog,
  onRunAgain,
  onClose,
}: {
  step: number;
  imp: Import | undefined;
  busy: boolean;
  /** The preview is there to go on from. */
  canGoOn: boolean;
  /** Options chose replace: the Run button warns. */
  replacing: boolean;
  onBack: () => void;
  onNext: () => void;
  onLog: () => void;
  onRunAgain: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('imports');
  return (
    <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
      <Group gap="xs">
        {step > PREVIEW && step <= OPTIONS && (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={onBack}
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
              onClick={onLog}
              data-testid="wizard-log"
            >
              {t('common:actions.log')}
            </Button>
            <Button variant="default" leftSection={<IconRepeat size={16} />} onClick={onRunAgain}>
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
            onClick={onNext}
            loading={busy}
            disabled={!canGoOn}
            data-testid="wizard-next"
          >
            {t('wizard.next')}
          </Button>
        )}
        {step === OPTIONS && (
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={onNext}
            loading={busy}
            color={replacing ? 'red' : undefined}
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
  );
}
