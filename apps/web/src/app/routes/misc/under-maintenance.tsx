import { Button } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MiscPage } from '@/components/misc-page';

export default function MaintenancePage() {
  const { t } = useTranslation('misc');
  return (
    <MiscPage
      testId="under-maintenance"
      icon={IconTool}
      color="yellow"
      title={t('maintenance.title')}
      text={t('maintenance.text')}
    >
      <Button component={Link} to="/">
        {t('backHome')}
      </Button>
    </MiscPage>
  );
}
