import { authMessages as m } from './messages.js';

/** Whether `password` is one character over and over (`aaaaaaaa`, `11111111`). */
export function isOneCharacterRepeated(password: string): boolean {
  const chars = [...password];
  return chars.length > 1 && chars.every((c) => c === chars[0]);
}

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The 49,000 most common passwords of zxcvbn-ts's list (`@zxcvbn-ts/language-common`, from
 * leaked-password corpora, lower-cased), loaded the first time it is asked for: the server
 * does not pay for it at start, and the web app fetches it as a chunk of its own with the
 * first password form.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'] as string[]),
  );
  return common;
}

/**
 * Why `password` should not be a new password beyond what `NewPasswordSchema` checks, or
 * undefined when it may be: it is among the common ones (compared lower-cased, as attackers'
 * lists try every case), or it is the account's own username or email address, or its
 * address's name part.
 */
export async function commonPasswordProblem(
  password: string,
  account: { username?: string | undefined; email?: string | undefined } = {},
): Promise<string | undefined> {
  const lower = password.toLowerCase();
  const names = [account.username, account.email, account.email?.split('@')[0]];
  if (names.some((name) => name && name.toLowerCase() === lower)) return m.passwordIsName;
  if ((await commonPasswords()).has(lower)) return m.passwordCommon;
  return undefined;
}
