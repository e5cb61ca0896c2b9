import { Divider, Typography } from '@mui/material';
import { useState } from 'react';
import { List, Loading, Pagination, useListContext, useTranslate } from 'react-admin';
import type { ReferralLink } from '../../domain';
import { useCityListProps } from '../common/CityInputs';
import { DismissibleAlert } from './DismissibleAlert';
import { ReferralCreateForm } from './ReferralCreateForm';
import { errorMessage, retryOnce } from './referralErrors';
import { ReferralRows } from './ReferralRows';

/** A failed load as a red alert the user closes (spec section 8), instead of react-admin's toast. */
const LoadError = () => {
  const translate = useTranslate();
  const { error } = useListContext<ReferralLink>();
  const [dismissed, setDismissed] = useState<unknown>(null);
  if (!error || dismissed === error) return null;
  return (
    <DismissibleAlert
      message={translate('resources.referrals.list.loadError', { message: errorMessage(error) })}
      onClose={() => setDismissed(error)}
      testId="referral-load-error"
    />
  );
};

const quiet = () => undefined;

/**
 * /referrals (spec section 2): the form of a new link above the links. An admin sees every
 * city's links and may narrow them to one city; a city admin sees their own city's.
 */
export const ReferralList = () => {
  const translate = useTranslate();
  const city = useCityListProps({ allowAll: true });
  if (!city.ready) return <Loading />;
  return (
    <List
      resource="referrals"
      filters={city.filters}
      filter={city.filter}
      filterDefaultValues={city.filterDefaultValues}
      actions={false}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      empty={false}
      error={false}
      exporter={false}
      queryOptions={{ onError: quiet, retry: retryOnce }}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
    >
      <ReferralCreateForm />
      <Divider />
      <Typography variant="h6" component="h2" sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}>
        {translate('resources.referrals.list.title')}
      </Typography>
      <LoadError />
      <ReferralRows />
    </List>
  );
};
