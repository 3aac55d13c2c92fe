import { Button, Group, Loader } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockExclamation,
  IconMailCheck,
  IconMailOff,
  IconUserExclamation,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
// eslint-disable-next-line no-restricted-imports -- only reads the link's token
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MiscPage } from '@/components/misc-page';
import { errorOf, messageOf } from '@/lib/api-client';
import { logout } from '@/lib/logout';
import { useSession } from '@/lib/session';
import { useConfirmEmail } from '../api/account';

const SETTINGS = '/pages/account-setting';

type Outcome = 'done' | 'expired' | 'used' | 'invalid' | 'otherAccount' | 'taken' | 'failed';

/** What an answer of `account.confirmEmail` means for the page. */
function outcomeOf(err: unknown): Outcome {
  switch (errorOf(err)?.code) {
    case 'confirmation_expired':
      return 'expired';
    case 'confirmation_used':
      return 'used';
    case 'confirmation_invalid':
      return 'invalid';
    case 'forbidden':
      return 'otherAccount';
    case 'conflict':
      return 'taken';
    default:
      return 'failed';
  }
}

const looks: Record<Outcome, { icon: Icon; color: string }> = {
  done: { icon: IconMailCheck, color: 'teal' },
  used: { icon: IconMailCheck, color: 'brand' },
  expired: { icon: IconClockExclamation, color: 'orange' },
  invalid: { icon: IconMailOff, color: 'orange' },
  taken: { icon: IconMailOff, color: 'red' },
  otherAccount: { icon: IconUserExclamation, color: 'orange' },
  failed: { icon: IconAlertTriangle, color: 'red' },
};

/**
 * The page the confirmation link opens (full layout). The account's owner must be signed in
 * (the route sends a guest to sign-in and back here); the link's token is sent once and the
 * outcome shown: confirmed, expired, already used, replaced or cancelled, another account's
 * link, the address taken meanwhile, or an error to try again.
 */
export function ConfirmEmailScreen() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const email = useSession((s) => s.session?.user.email);
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    // Once per token: a link is single use, so a second call would only say "already used".
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (token && (confirm.isPending || confirm.isIdle)) {
    return (
      <MiscPage
        testId="confirm-email-pending"
        icon={IconMailCheck}
        color="brand"
        title={t('confirm.pendingTitle')}
        text={t('confirm.pendingText')}
      >
        <Loader size="sm" aria-label={t('confirm.pendingTitle')} />
      </MiscPage>
    );
  }

  const outcome: Outcome = !token
    ? 'invalid'
    : confirm.isSuccess
      ? 'done'
      : outcomeOf(confirm.error);
  const look = looks[outcome];
  const address = confirm.data?.user.email ?? email ?? '';
  const settings = (
    <Button component={Link} to={SETTINGS} variant={outcome === 'done' ? 'light' : 'filled'}>
      {t('confirm.toSettings')}
    </Button>
  );
  return (
    <MiscPage
      testId={`confirm-email-${outcome}`}
      icon={look.icon}
      color={look.color}
      title={t(`confirm.${outcome}Title`)}
      text={
        outcome === 'failed'
          ? t('confirm.failedText', { reason: messageOf(confirm.error) })
          : t(`confirm.${outcome}Text`, { email: address })
      }
    >
      <Group justify="center">
        {outcome === 'done' && (
          <Button component={Link} to="/">
            {t('confirm.toHome')}
          </Button>
        )}
        {outcome === 'failed' && (
          <Button onClick={() => confirm.mutate({ token })}>{t('confirm.retry')}</Button>
        )}
        {outcome === 'otherAccount' ? (
          <Button
            onClick={() => {
              const back = `/confirm-email?token=${encodeURIComponent(token)}`;
              void logout().then(() =>
                navigate(`/login?redirect=${encodeURIComponent(back)}`, { replace: true }),
              );
            }}
          >
            {t('confirm.switchAccount')}
          </Button>
        ) : (
          settings
        )}
      </Group>
    </MiscPage>
  );
}
