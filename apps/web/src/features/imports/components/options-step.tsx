import { Alert, Checkbox, Radio, Select, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Options, StepErrors } from './wizard-types';

/** Step 4: mode (append, update by key, replace) and what to do with bad rows. */
export function OptionsStep({
  options,
  onChange,
  keyFields,
  errors,
}: {
  options: Options;
  onChange: (o: Options) => void;
  /** Mapped fields that can serve as the key. */
  keyFields: { value: string; label: string }[];
  errors: StepErrors;
}) {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('options.mode')}
        value={options.mode}
        onChange={(v) => onChange({ ...options, mode: v as Options['mode'] })}
        error={errors['settings.mode']}
        data-testid="options-mode"
      >
        <Stack gap="xs" mt="xs">
          <Radio value="append" label={t('options.append')} description={t('options.appendHint')} />
          <Radio value="update" label={t('options.update')} description={t('options.updateHint')} />
          <Radio
            value="replace"
            label={t('options.replace')}
            description={t('options.replaceHint')}
          />
        </Stack>
      </Radio.Group>
      {options.mode === 'update' && (
        <Stack gap="xs" pl="lg">
          <Select
            label={t('options.keyField')}
            description={t('options.keyFieldHint')}
            data={keyFields}
            value={options.keyField}
            onChange={(v) => onChange({ ...options, keyField: v })}
            required
            error={errors['settings.keyField']}
            nothingFoundMessage={t('options.noKeyFields')}
            data-testid="options-key"
          />
          <Checkbox
            label={t('options.insertMissing')}
            checked={options.insertMissing}
            onChange={(e) => onChange({ ...options, insertMissing: e.currentTarget.checked })}
          />
        </Stack>
      )}
      {options.mode === 'replace' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('options.replaceWarnTitle')}
          data-testid="options-replace-warning"
        >
          {t('options.replaceWarn')}
        </Alert>
      )}
      <Radio.Group
        label={t('options.onError')}
        value={options.onError}
        onChange={(v) => onChange({ ...options, onError: v as Options['onError'] })}
        error={errors['settings.onError']}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="stop" label={t('options.stop')} description={t('options.stopHint')} />
          <Radio value="skip" label={t('options.skip')} description={t('options.skipHint')} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
