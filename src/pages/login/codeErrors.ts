import { HttpError } from 'react-admin';

/** A translation key and its arguments. */
export interface Message {
  key: string;
  args?: Record<string, string | number>;
}

const codeOf = (error: unknown): string | undefined =>
  error instanceof HttpError && typeof error.body?.code === 'string' ? error.body.code : undefined;

/** Whether the login's challenge has run out, so the password step must come again. */
export const isChallengeExpired = (error: unknown): boolean => codeOf(error) === 'SECOND_FACTOR_CHALLENGE_EXPIRED';

/** What a refused code says under the field: wrong, used, too many tries (with the wait), or the API's own text. */
export function codeErrorMessage(error: unknown): Message {
  switch (codeOf(error)) {
    case 'SECOND_FACTOR_CODE_WRONG':
      return { key: 'secondFactor.wrongCode' };
    case 'SECOND_FACTOR_CODE_USED':
      return { key: 'secondFactor.usedCode' };
    case 'SECOND_FACTOR_CHALLENGE_EXPIRED':
      return { key: 'secondFactor.expired' };
    case 'SECOND_FACTOR_SETUP_EXPIRED':
      return { key: 'secondFactor.setupExpired' };
    case 'TOO_MANY_ATTEMPTS': {
      const seconds = error instanceof HttpError ? Number(error.body?.args?.seconds) : NaN;
      return { key: 'secondFactor.tooManyTries', args: { seconds: Number.isFinite(seconds) ? seconds : 60 } };
    }
    default:
      if (error instanceof HttpError && error.message) return { key: error.message };
      return { key: 'auth.networkError' };
  }
}
