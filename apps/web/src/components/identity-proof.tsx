import { Anchor, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How the owner proves it is them: the current password, or a code while two-step is on. */
export type ProofKind = 'password' | 'code';

/** What a Mantine form's `getInputProps` gives one input. */
interface InputBinding {
  value?: unknown;
  onChange?: unknown;
  error?: ReactNode;
  onFocus?: unknown;
  onBlur?: unknown;
}

/** The request fields of a proof: `{ password }` or `{ code }` (server rule: one is needed). */
export function proofPayload(
  kind: ProofKind,
  values: { password: string; code: string },
): { password: string } | { code: string } {
  return kind === 'code' ? { code: values.code.trim() } : { password: values.password };
}

/**
 * The "confirm it is you" input of security changes (e-mail, password, two-step verification):
 * the current password, and — while two-step verification is on — a switch to a code of the
 * authenticator app or a backup code instead.
 */
export function IdentityProof({
  kind,
  onKindChange,
  totpEnabled,
  password,
  code,
  passwordLabel,
  description,
  autoFocus,
  testId = 'identity-proof',
}: {
  kind: ProofKind;
  onKindChange: (kind: ProofKind) => void;
  totpEnabled: boolean;
  password: InputBinding;
  code: InputBinding;
  passwordLabel?: string;
  description?: ReactNode;
  autoFocus?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const useCode = kind === 'code' && totpEnabled;
  return (
    <Stack gap={4} data-testid={testId}>
      {useCode ? (
        <TextInput
          label={t('identity.code')}
          description={description ?? t('identity.codeHint')}
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          required
          maw={360}
          {...(code as object)}
        />
      ) : (
        <PasswordInput
          label={passwordLabel ?? t('identity.password')}
          description={description}
          autoComplete="current-password"
          autoFocus={autoFocus}
          required
          maw={360}
          visibilityToggleButtonProps={{ 'aria-label': t('identity.togglePassword') }}
          {...(password as object)}
        />
      )}
      {totpEnabled && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => onKindChange(useCode ? 'password' : 'code')}
        >
          {useCode ? t('identity.usePassword') : t('identity.useCode')}
        </Anchor>
      )}
    </Stack>
  );
}
