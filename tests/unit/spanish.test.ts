import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/providers/i18nProvider';

describe('Spanish texts with a resource name', () => {
  it('agree with feminine and plural names', async () => {
    await i18nProvider.changeLocale('es');
    const tag = i18nProvider.translate('resources.tags.name', { smart_count: 1 });
    expect(i18nProvider.translate('ra.message.delete_content', { name: tag })).not.toMatch(/este etiqueta/i);
    const districts = i18nProvider.translate('resources.districts.name', { smart_count: 2 });
    expect(i18nProvider.translate('ra.navigation.no_results', { name: districts })).not.toMatch(/ningún distritos/i);
    await i18nProvider.changeLocale('en');
  });
});
