import { PASSWORD_MAX, PASSWORD_MIN, passwordProblems } from '@fiscus/contracts';
import type { TFunction } from 'i18next';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());

/** The first policy problem of a password as a translated message, or null. */
export function passwordError(t: TFunction, value: string): string | null {
  if (!value) return t('auth:validation.passwordRequired');
  const problem = passwordProblems(value)[0];
  if (!problem) return null;
  return t(`auth:validation.password.${problem}`, { min: PASSWORD_MIN, max: PASSWORD_MAX });
}
