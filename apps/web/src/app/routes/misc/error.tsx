import { Button, Group } from '@mantine/core';
import { IconRefresh, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MiscPage } from '@/components/misc-page';

export default function ErrorPage() {
  const { t } = useTranslation('misc');
  return (
    <MiscPage
      testId="error-page"
      icon={IconServerOff}
      color="red"
      title={t('error.title')}
      text={t('error.text')}
    >
      <Group>
        <Button component={Link} to="/">
          {t('backHome')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={() => window.location.reload()}
        >
          {t('error.retry')}
        </Button>
      </Group>
    </MiscPage>
  );
}
