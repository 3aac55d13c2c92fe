import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MiscPage } from '@/components/misc-page';

export default function NotFoundPage() {
  const { t } = useTranslation('misc');
  return (
    <MiscPage
      testId="error-404"
      icon={IconMapQuestion}
      color="brand"
      title={t('notFound.title')}
      text={t('notFound.text')}
    >
      <Button component={Link} to="/">
        {t('backHome')}
      </Button>
    </MiscPage>
  );
}
