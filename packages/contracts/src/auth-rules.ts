// Sign-in rules without the validation library, for the console's sign-in pages.

/** Password policy shared by the server and the console's forms. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export function passwordProblems(
  password: string,
): ('too_short' | 'too_long' | 'needs_letter' | 'needs_digit')[] {
  const problems: ('too_short' | 'too_long' | 'needs_letter' | 'needs_digit')[] = [];
  if (password.length < PASSWORD_MIN) problems.push('too_short');
  if (password.length > PASSWORD_MAX) problems.push('too_long');
  if (!/\p{L}/u.test(password)) problems.push('needs_letter');
  if (!/\d/.test(password)) problems.push('needs_digit');
  return problems;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
