import { Alert, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import type { Import } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useImportWizard } from '../hooks/use-import-wizard';
import { isFinished } from '../lib/status';
import {
  MAP,
  OPTIONS,
  PREVIEW,
  RESULT,
  RUN,
  STEPS,
  UPLOAD,
  type WizardIntent,
} from '../lib/wizard';
import { LogDrawer } from './log-drawer';
import { MapStep } from './map-step';
import { OptionsStep } from './options-step';
import { PreviewStep } from './preview-step';
import { ResultStep } from './result-step';
import { RunStep } from './run-step';
import { UploadStep } from './upload-step';
import { WizardFooter } from './wizard-footer';
import { WizardProgress } from './wizard-progress';

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
  const w = useImportWizard({ importId, intent, defaultObjectId, onCreated });
  const { imp, step, reading, options, errors, preview } = w;
  const [logOpen, setLogOpen] = useState(false);

  if (step === -1) {
    return w.query.isError ? (
      <Alert color="red" title={t('wizard.loadError')} data-testid="wizard-load-error">
        {messageOf(w.query.error)}
      </Alert>
    ) : (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }

  const editable = !imp || imp.status === 'draft' || isFinished(imp.status);
  const cancel = () =>
    imp &&
    w.cancel.mutate(
      { id: imp.id },
      {
        onSuccess: () => notifications.show({ color: 'orange', message: t('run.cancelled') }),
        onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
      },
    );
  return (
    <Stack gap="md">
      <WizardProgress
        step={step}
        phone={phone}
        imp={imp}
        onStepClick={(s) => {
          if (s >= PREVIEW && s <= OPTIONS && editable && imp) w.goTo(s);
        }}
      />
      {w.general && (
        <Alert color="red" withCloseButton onClose={w.clearGeneral} data-testid="wizard-error">
          {w.general}
        </Alert>
      )}

      <div data-testid={`wizard-step-${STEPS[step]}`}>
        {step === UPLOAD && (
          <UploadStep
            objectId={w.objectId}
            onObjectChange={w.setObjectId}
            creating={w.create.isPending}
            createError={w.create.isError ? messageOf(w.create.error) : null}
            onUploaded={w.onUploaded}
          />
        )}
        {step === PREVIEW && imp && reading && (
          <PreviewStep
            imp={imp}
            reading={reading}
            onChange={w.setReading}
            preview={preview.data}
            loading={preview.isFetching}
            error={preview.isError ? messageOf(preview.error) : null}
            errors={errors}
          />
        )}
        {step === MAP && (
          <MapStep
            preview={preview.data}
            fields={w.fields}
            mapping={w.mapping}
            onChange={w.setMapping}
            errors={errors}
          />
        )}
        {step === OPTIONS && options && (
          <OptionsStep
            options={options}
            onChange={w.setOptions}
            keyFields={w.keyFields}
            errors={errors}
          />
        )}
        {step === RUN && imp && (
          <RunStep imp={imp} cancelling={w.cancel.isPending} onCancel={cancel} />
        )}
        {step === RESULT && imp && <ResultStep imp={imp} />}
      </div>

      <WizardFooter
        step={step}
        imp={imp}
        busy={w.busy}
        canGoOn={!!preview.data && !preview.isError}
        replacing={options?.mode === 'replace'}
        onBack={() => w.goTo(step - 1)}
        onNext={w.next}
        onLog={() => setLogOpen(true)}
        onRunAgain={() => w.goTo(OPTIONS)}
        onClose={onClose}
      />
      <LogDrawer imp={logOpen && imp ? imp : null} onClose={() => setLogOpen(false)} />
    </Stack>
  );
}
