import { Group, Stepper, Text } from '@mantine/core';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { useObjectNameOf } from '@/lib/entity-names';
import { STEPS, UPLOAD } from '../lib/wizard';
import { StatusBadge } from './status-badge';

/** The wizard's stepper (numbered only on a phone, with the step's name below) and the import. */
export function WizardProgress({
  step,
  phone,
  imp,
  onStepClick,
}: {
  step: number;
  phone: boolean;
  imp: Import | undefined;
  onStepClick: (step: number) => void;
}) {
  const { t } = useTranslation('imports');
  const objectNameOf = useObjectNameOf(!!imp && step > UPLOAD);
  return (
    <>
      <Stepper
        active={step}
        size="sm"
        iconSize={phone ? 28 : 34}
        allowNextStepsSelect={false}
        onStepClick={onStepClick}
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
            → {objectNameOf(imp.objectId, imp.objectName)}
          </Text>
        </Group>
      )}
    </>
  );
}
