import { Box, Checkbox, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CheckboxGroupInput, useInput, NumberInput, SelectArrayInput, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { API_PATHS, AUDIENCE_MAX_DAYS, AUDIENCE_MAX_ORDERS, fillPath, isLocale, LOCALES, ORDER_FILTERS, type Locale } from '../../domain';
import { getJson } from '../../providers/rest';

const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } };

/** The languages the city's bot speaks (its cityLocales setting); every language when it says none. */
export const cityLanguages = (pairs: readonly { key: string; value: string }[]): Locale[] => {
  const value = pairs.find((pair) => pair.key === 'cityLocales')?.value ?? '';
  const listed = value
    .split(',')
    .map((part) => part.trim())
    .filter(isLocale);
  return listed.length > 0 ? LOCALES.filter((locale) => listed.includes(locale)) : [...LOCALES];
};

const useCityLanguages = (cityId: number) =>
  useQuery({
    queryKey: ['spam', 'cityLanguages', cityId],
    queryFn: async () =>
      cityLanguages(await getJson<{ key: string; value: string }[]>(fillPath(API_PATHS.cityConfig.one, { cityId: String(cityId) }))),
  });

/** "Never ordered": a checkbox (its conflicts are reported on the order filters it contradicts). */
const NeverOrderedInput = () => {
  const translate = useTranslate();
  const { field, id } = useInput({ source: 'audience.neverOrdered', defaultValue: false });
  const { trigger } = useFormContext();
  // The conflict is reported on the order filters: they are checked again whenever this changes.
  const change = (checked: boolean) => {
    field.onChange(checked);
    void trigger(ORDER_FILTERS.map((name) => `audience.${name}`));
  };
  return (
    <Box sx={{ mb: 1 }}>
      <FormControlLabel
        control={
          <Checkbox id={id} checked={field.value === true} onChange={(event) => change(event.target.checked)} onBlur={field.onBlur} />
        }
        label={translate('resources.spam.audience.neverOrdered')}
      />
      <FormHelperText sx={{ mt: 0 }}>{translate('resources.spam.audience.neverOrderedHelp')}</FormHelperText>
    </Box>
  );
};

/**
 * Who among the city's customers the mailing reaches (src/domain/mailingAudience.ts): ordered
 * within N days, from chosen restaurants of the city, at least N orders, never ordered, and the
 * languages of the city's bot. Each narrows the audience; "never ordered" with an order filter
 * is refused next to that filter, as the API refuses it.
 */
export const AudienceFilters = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const restaurants = useGetList<{ id: number; name: string; name_ru?: string }>('restaurants', {
    filter: { cityId, showDisabled: true },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const languages = useCityLanguages(cityId);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="audience-filters">
      <Typography component="legend" variant="subtitle2" gutterBottom>
        {translate('resources.spam.audience.title')}
      </Typography>
      <Box sx={grid}>
        <NumberInput
          source="audience.orderedWithinDays"
          label="resources.spam.audience.orderedWithinDays"
          helperText="resources.spam.audience.orderedWithinDaysHelp"
          min={1}
          max={AUDIENCE_MAX_DAYS}
          step={1}
        />
        <NumberInput
          source="audience.minOrders"
          label="resources.spam.audience.minOrders"
          helperText="resources.spam.audience.minOrdersHelp"
          min={1}
          max={AUDIENCE_MAX_ORDERS}
          step={1}
        />
        <SelectArrayInput
          source="audience.restaurantIds"
          label="resources.spam.audience.restaurants"
          helperText="resources.spam.audience.restaurantsHelp"
          choices={(restaurants.data ?? []).map((r) => ({ id: r.id, name: locale === 'ru' && r.name_ru ? r.name_ru : r.name }))}
          isPending={restaurants.isPending}
          fullWidth
        />
        <CheckboxGroupInput
          source="audience.languages"
          label="resources.spam.audience.languages"
          helperText="resources.spam.audience.languagesHelp"
          choices={(languages.data ?? []).map((code) => ({ id: code, name: translate(`resources.spam.audience.language.${code}`) }))}
        />
      </Box>
      <NeverOrderedInput />
    </Box>
  );
};
