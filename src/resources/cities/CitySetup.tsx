import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { configKeysFor, type CitySetupItem } from '../../domain';
import { useApiQuery } from '../common/useApiQuery';
import { useSession } from '../common/useSession';
import { citySettingPath } from './paths';
import { citySetupKey, fetchCitySetup } from './setupApi';
import { SETUP_ITEM_RESOURCE, setupLink } from './setupLinks';

/** The settings an item lacks, each a link to its field on this page (when the user may change it). */
const MissingKeys = ({ item, cityId }: { item: CitySetupItem; cityId: number }) => {
  const translate = useTranslate();
  const { roleId } = useSession();
  const writable = roleId === null ? [] : configKeysFor(roleId);
  return (
    <>
      {translate('resources.cities.setup.notSet')}{' '}
      {item.missing.map((key, index) => (
        <Fragment key={key}>
          {index > 0 ? ', ' : null}
          {writable.includes(key) ? (
            <MuiLink component={Link} to={citySettingPath(cityId, key)} data-setup-setting={key}>
              {translate(`resources.cities.config.${key}`)}
            </MuiLink>
          ) : (
            translate(`resources.cities.config.${key}`)
          )}
        </Fragment>
      ))}
    </>
  );
};

const Detail = ({ item, cityId }: { item: CitySetupItem; cityId: number }) => {
  const translate = useTranslate();
  if (item.missing.length > 0) return <MissingKeys item={item} cityId={cityId} />;
  if (item.id === 'settings' || item.id === 'channels') return null;
  if (item.pending > 0) return <>{translate('resources.cities.setup.withoutMenu', { pending: item.pending, count: item.count })}</>;
  return (
    <>{item.count > 0 ? translate('resources.cities.setup.count', { count: item.count }) : translate('resources.cities.setup.none')}</>
  );
};

/**
 * The setup checklist on a city's page: each part a city needs, done or missing, and a link to
 * its screen with the city already chosen. It is read from the server in one call, and again
 * whenever the city is saved or the page is opened.
 */
export const CitySetup = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const session = useSession();
  const { data, isError } = useApiQuery({ queryKey: citySetupKey(cityId), queryFn: () => fetchCitySetup(cityId) });
  if (isError) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {translate('resources.cities.setup.loadFailed')}
      </Alert>
    );
  }
  if (!data || session.roleId === null) return null;
  const { roleId } = session;
  const done = data.items.filter((item) => item.done).length;
  // Open while something is missing; a city with everything done keeps it folded above its form.
  return (
    <Accordion
      key={done === data.items.length ? 'done' : 'open'}
      defaultExpanded={done < data.items.length}
      disableGutters
      slots={{ heading: 'h2' }}
      data-testid="city-setup"
      sx={{ mt: 2 }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="city-setup-items" id="city-setup-title">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2 }}>
          <Typography variant="h6" component="span">
            {translate('resources.cities.setup.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="span">
            {translate('resources.cities.setup.progress', { done, total: data.items.length })}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id="city-setup-items" sx={{ pt: 0 }}>
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}
        >
          {data.items.map((item) => {
            const link = session.can(SETUP_ITEM_RESOURCE[item.id], item.done ? 'list' : 'create')
              ? setupLink(item, cityId, roleId, session.allCities)
              : null;
            const status = translate(item.done ? 'resources.cities.setup.done' : 'resources.cities.setup.missing');
            return (
              <Box
                component="li"
                key={item.id}
                data-setup-item={item.id}
                data-done={item.done}
                sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
              >
                {item.done ? (
                  <CheckCircleIcon color="success" titleAccess={status} sx={{ mt: 0.25 }} />
                ) : (
                  <RadioButtonUncheckedIcon color="warning" titleAccess={status} sx={{ mt: 0.25 }} />
                )}
                <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
                  <Typography variant="body1">{translate(`resources.cities.setup.items.${item.id}`)}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    <Detail item={item} cityId={cityId} />
                  </Typography>
                </Box>
                {link ? (
                  <Button
                    component={Link}
                    to={link.to}
                    size="small"
                    variant={link.adds ? 'contained' : 'text'}
                    sx={{ flex: '0 0 auto' }}
                    aria-label={`${translate(link.adds ? 'resources.cities.setup.add' : 'resources.cities.setup.open')}: ${translate(`resources.cities.setup.items.${item.id}`)}`}
                  >
                    {translate(link.adds ? 'resources.cities.setup.add' : 'resources.cities.setup.open')}
                  </Button>
                ) : null}
              </Box>
            );
          })}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
};
