import { Box, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Loading, Title, useGetList, useTranslate } from 'react-admin';
import { useCityName, type NamedCity } from '../cities/useCityName';
import { useSession } from '../common/useSession';
import { MailingComposer } from './MailingComposer';
import { MailingList } from './MailingList';

/**
 * /spam: the mass mailings of a city. An admin picks the city (the first one to start with);
 * a city admin works in their own. The composer and the previous mailings follow the city.
 */
export const SpamPage = () => {
  const translate = useTranslate();
  const cityName = useCityName();
  const { allCities, cityId: ownCity, isPending } = useSession();
  const [chosen, setChosen] = useState<number | null>(null);
  const cities = useGetList<NamedCity & { id: number }>(
    'cities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: allCities },
  );
  if (isPending || (allCities && cities.isPending)) return <Loading />;
  const cityId = allCities ? (chosen ?? cities.data?.[0]?.id ?? null) : ownCity;
  return (
    <Box sx={{ display: 'grid', gap: 2, p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title={translate('resources.spam.name', { smart_count: 2 })} />
      {allCities ? (
        <TextField
          select
          label={translate('resources.spam.recipients.cityId')}
          value={cityId ?? ''}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ maxWidth: 320 }}
          size="small"
        >
          {(cities.data ?? []).map((city) => (
            <MenuItem key={city.id} value={city.id}>
              {cityName(city)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {cityId ? (
        <>
          {/* A new city starts a new message: what was typed belonged to the other city's audience. */}
          <MailingComposer key={cityId} cityId={cityId} />
          <MailingList cityId={cityId} />
        </>
      ) : null}
    </Box>
  );
};
