import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy screen module loads. */
export function ScreenLoader() {
  const { t } = useTranslation('common');
  return (
    <Center mih={240} data-testid="screen-loader" role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
