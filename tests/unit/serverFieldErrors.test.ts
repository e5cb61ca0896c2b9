import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '../../src/providers/httpClient';
import { i18nProvider } from '../../src/providers/i18nProvider';

describe('field errors from the server', () => {
  afterEach(async () => i18nProvider.changeLocale('en'));

  it('are shown next to their field in the user’s language when the server names the key, as sent otherwise', async () => {
    await i18nProvider.changeLocale('ru');
    const error = apiError(400, 'Bad Request', {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'name: must be less than 256 symbols; phone: custom',
      details: [
        { field: 'name', message: 'must be less than 256 symbols', key: 'validation.lessThan', args: { amount: 256 } },
        { field: 'phone', message: 'custom' },
      ],
    });
    const errors: unknown = error.body.errors;
    expect(errors).toEqual({ name: i18nProvider.translate('validation.lessThan', { amount: 256 }), phone: 'custom' });
    expect(i18nProvider.translate('validation.lessThan', { amount: 256 })).toContain('256');
    expect(i18nProvider.translate('validation.lessThan', { amount: 256 })).not.toBe('must be less than 256 symbols');
  });
});
