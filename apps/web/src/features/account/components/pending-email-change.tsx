import type { User } from '@fiscus/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useCancelEmailChange, useResendEmailChange } from '../api/account';

/**
 * A change of the sign-in e-mail waiting for its link: where the link went, what holds until
 * then, and the ways on — send the link again, or drop the change.
 */
export function PendingEmailChange({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const failed = (err: unknown) => notifications.show({ color: 'red', message: messageOf(err) });
  if (!user.pendingEmail) return null;
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconMailForward />}
      title={t('email.pendingTitle', { email: user.pendingEmail })}
      data-testid="email-change-pending"
    >
      <Text size="sm">{t('email.pendingText', { current: user.email })}</Text>
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          variant="light"
          loading={resend.isPending}
          disabled={cancel.isPending}
          onClick={() =>
            resend.mutateAsync({}).then(
              ({ user: u }) =>
                notifications.show({
                  color: 'teal',
                  message: t('email.sent', { email: u.pendingEmail ?? '' }),
                }),
              failed,
            )
          }
        >
          {t('email.resend')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={cancel.isPending}
          disabled={resend.isPending}
          // The notice outlives this box, which goes away with the pending change.
          onClick={() =>
            cancel
              .mutateAsync({})
              .then(
                () => notifications.show({ color: 'teal', message: t('email.cancelled') }),
                failed,
              )
          }
        >
          {t('email.cancel')}
        </Button>
      </Group>
    </Alert>
  );
}
