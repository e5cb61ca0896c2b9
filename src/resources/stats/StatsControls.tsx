import { Box, MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { clampStatsRange } from '../../domain';
import { useCityName, type NamedCity } from '../cities/useCityName';

/** Two dates side by side on a phone too. */
const DATE_SX = { width: { xs: 'calc(50% - 8px)', sm: 180 } } as const;

export interface StatsRangeValue {
  from: string;
  to: string;
}

/**
 * The city (admins only) and the range of the statistics. Moving one end of the range past
 * 365 days from the other, or past it, brings the other along (spec sections 5 and 9).
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
  const change = (end: 'from' | 'to') => (event: { target: { value: string } }) => {
    const value = event.target.value;
    // A cleared date input keeps the range as it was: a range always has both ends.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    onRange(clampStatsRange({ ...range, [end]: value }, end));
  };
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
      <TextField
        type="date"
        label={translate('resources.stats.from')}
        value={range.from}
        onChange={change('from')}
        size="small"
        helperText={translate('resources.stats.rangeHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth={false}
        sx={DATE_SX}
      />
      <TextField
        type="date"
        label={translate('resources.stats.to')}
        value={range.to}
        onChange={change('to')}
        size="small"
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth={false}
        sx={DATE_SX}
      />
    </Box>
  );
};
