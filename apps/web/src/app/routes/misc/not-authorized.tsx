import { Button, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MiscPage } from '@/components/misc-page';
import { tokens } from '@/lib/tokens';

export default function NotAuthorizedPage() {
  const { t } = useTranslation('misc');
  const signedIn = !!tokens.bearer();
  return (
    <MiscPage
      testId="not-authorized"
      icon={IconLock}
      color="orange"
      title={t('notAuthorized.title')}
      text={t('notAuthorized.text')}
    >
      <Group>
        <Button component={Link} to="/">
          {t('backHome')}
        </Button>
        {!signedIn && (
          <Button variant="light" component={Link} to="/login">
            {t('backToLogin')}
          </Button>
        )}
      </Group>
    </MiscPage>
  );
}
