import { Alert, Box, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { clampStatsRange, STATS_MAX_RANGE_DAYS, type StatsRangeClamp } from '../../domain';
import { DateField } from '../common/DateInput';
import { useFormat } from '../common/useFormat';
import { useCityName, type NamedCity } from '../cities/useCityName';

/** Two dates side by side on a phone too. */
const DATE_SX = { width: { xs: 'calc(50% - 8px)', sm: 180 } } as const;

export interface StatsRangeValue {
  from: string;
  to: string;
}

/**
 * The city (admins only) and the range of the statistics. An end picked more than 365 days
 * from the other, or past it, is moved back within the range and a note next to the dates
 * says so; the other end never moves (spec sections 5 and 9).
 */
export const StatsControls = ({
  cityPicker,
  cityId,
  onCity,
  range,
  onRange,
}: {
  cityPicker: boolean;
  cityId: number | null;
  onCity: (cityId: number) => void;
  range: StatsRangeValue;
  onRange: (range: StatsRangeValue) => void;
}) => {
  const translate = useTranslate();
  const cityName = useCityName();
  const cities = useGetList<NamedCity & { id: number }>(
    'cities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: cityPicker },
  );
  const { locale } = useFormat();
  const [notice, setNotice] = useState<{ end: 'from' | 'to'; why: StatsRangeClamp; day: string } | null>(null);
  // An end the user emptied: a range always has both ends, so the range stays as it was and the field says so.
  const [emptied, setEmptied] = useState<{ from: boolean; to: boolean }>({ from: false, to: false });
  const change = (end: 'from' | 'to') => (value: string) => {
    const empty = !/^\d{4}-\d{2}-\d{2}$/.test(value);
    setEmptied((was) => ({ ...was, [end]: empty }));
    if (empty) return;
    const next = clampStatsRange({ ...range, [end]: value }, end);
    setNotice(next.clamped ? { end, why: next.clamped, day: next.range[end] } : null);
    onRange(next.range);
  };
  const dayText = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      {cityPicker ? (
        <TextField
          select
          label={translate('resources.stats.cityId')}
          value={cityId ?? ''}
          onChange={(event) => onCity(Number(event.target.value))}
          size="small"
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 240 } }}
          data-testid="stats-city"
        >
          {(cities.data ?? []).map((city) => (
            <MenuItem key={city.id} value={city.id}>
              {cityName(city)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <DateField
        kind="date"
        label={translate('resources.stats.from')}
        value={range.from}
        onChange={change('from')}
        error={emptied.from ? translate('ra.validation.required') : undefined}
        size="small"
        helperText={translate('resources.stats.rangeHelp')}
        fullWidth={false}
        sx={DATE_SX}
      />
      <DateField
        kind="date"
        label={translate('resources.stats.to')}
        value={range.to}
        onChange={change('to')}
        error={emptied.to ? translate('ra.validation.required') : undefined}
        size="small"
        fullWidth={false}
        sx={DATE_SX}
      />
      {notice ? (
        <Alert severity="warning" role="status" sx={{ width: { xs: '100%', md: 'auto' }, py: 0 }} data-testid="stats-range-notice">
          {translate(`resources.stats.clamped.${notice.why}.${notice.end}`, { days: STATS_MAX_RANGE_DAYS, date: dayText(notice.day) })}
        </Alert>
      ) : null}
    </Box>
  );
};
