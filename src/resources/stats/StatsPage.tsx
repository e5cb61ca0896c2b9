import { Box, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading, Title, useStore, useTranslate } from 'react-admin';
import { showsDataLabels } from '../../domain';
import { useSession } from '../common/useSession';
import { StatsControls, type StatsRangeValue } from './StatsControls';
import { StatsFigures } from './StatsFigures';
import { initialRange, statsQueryString } from './statsQuery';

/**
 * /stats (spec sections 2, 5, 9): the statistics of one city over a range of days, the last
 * 7 days to today to start with. An admin picks the city (remembered until logout); until
 * then an overlay asks for one and nothing is asked of the API. A city admin sees their own
 * city. Operators and owners have no entry in their menu, and the API refuses them
 * (src/domain/access.ts).
 */
export const StatsPage = () => {
  const translate = useTranslate();
  const { allCities, cityId: ownCity, isPending } = useSession();
  const [chosenCity, setChosenCity] = useStore<number | null>('stats.cityId', null);
  const [range, setRange] = useState<StatsRangeValue>(initialRange);
  if (isPending) return <Loading />;
  const cityId = allCities ? chosenCity : ownCity;
  const query = cityId === null ? null : statsQueryString(cityId, range);
  return (
    <Box sx={{ display: 'grid', gap: 2, p: { xs: 1, sm: 2 } }}>
      <Title title={translate('resources.stats.name')} />
      <StatsControls cityPicker={allCities} cityId={cityId} onCity={setChosenCity} range={range} onRange={setRange} />
      {query ? (
        <StatsFigures query={query} labels={showsDataLabels(range.from, range.to)} />
      ) : (
        <Box sx={{ position: 'relative', minHeight: 320, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Paper
            elevation={3}
            role="status"
            sx={{ position: 'absolute', inset: 0, m: 'auto', height: 'fit-content', maxWidth: 360, p: 3, textAlign: 'center' }}
            data-testid="stats-choose-city"
          >
            <Typography variant="h6" component="p">
              {translate('resources.stats.chooseCity')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.stats.chooseCityHelp')}
            </Typography>
          </Paper>
        </Box>
      )}
    </Box>
  );
};
