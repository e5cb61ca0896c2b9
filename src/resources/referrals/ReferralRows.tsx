import { Box, Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Datagrid,
  DeleteWithConfirmButton,
  FunctionField,
  Loading,
  RecordContextProvider,
  TextField,
  useListContext,
  useTranslate,
} from 'react-admin';
import type { ReferralLink } from '../../domain';
import { useSession } from '../common/useSession';
import { CityCell, DeepLinkCell, OptionsCell, UsesCell, ValidUntilCell } from './referralCells';

const DeleteLink = () => <DeleteWithConfirmButton label="ra.action.delete" mutationMode="pessimistic" redirect={false} />;

/** One labelled line of a card. */
const Line = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {translate(label)}:
      </Typography>
      <Typography variant="body2" component="span" sx={{ minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
};

/** On a phone each link is a card with the same facts and buttons as a table row. */
const ReferralCards = ({ data, cities }: { data: ReferralLink[]; cities: boolean }) => (
  <Box sx={{ display: 'grid', gap: 1, p: 1 }}>
    {data.map((link) => (
      <RecordContextProvider key={link.id} value={link}>
        <Card variant="outlined" data-referral={link.code}>
          <CardContent sx={{ pb: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ wordBreak: 'break-all' }}>
              {link.code}
            </Typography>
            <Line label="resources.referrals.fields.uses">
              <UsesCell />
            </Line>
            <Line label="resources.referrals.fields.referralLink">
              <DeepLinkCell />
            </Line>
            <Line label="resources.referrals.fields.validUntil">
              <ValidUntilCell />
            </Line>
            {cities ? (
              <Line label="resources.referrals.fields.cityId">
                <CityCell />
              </Line>
            ) : null}
            <Line label="resources.referrals.fields.options">
              <OptionsCell />
            </Line>
            <DeleteLink />
          </CardContent>
        </Card>
      </RecordContextProvider>
    ))}
  </Box>
);

/** The links of the list: a table on wide screens, cards on phones; the city shows to those who see every city. */
export const ReferralRows = () => {
  const translate = useTranslate();
  const { allCities } = useSession();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { data, isPending, error } = useListContext<ReferralLink>();
  if (isPending) return <Loading />;
  if (error || !data) return null;
  if (data.length === 0) return <Typography sx={{ p: 2 }}>{translate('resources.referrals.list.empty')}</Typography>;
  if (narrow) return <ReferralCards data={data} cities={allCities} />;
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="code" label="resources.referrals.fields.code" />
      <FunctionField label="resources.referrals.fields.uses" sortBy="count" render={() => <UsesCell />} />
      <FunctionField label="resources.referrals.fields.referralLink" sortable={false} render={() => <DeepLinkCell />} />
      <FunctionField label="resources.referrals.fields.validUntil" sortBy="validUntil" render={() => <ValidUntilCell />} />
      {allCities ? <FunctionField label="resources.referrals.fields.cityId" sortBy="cityId" render={() => <CityCell />} /> : null}
      <FunctionField label="resources.referrals.fields.options" sortable={false} render={() => <OptionsCell />} />
      <FunctionField label="ra.action.delete" sortable={false} render={() => <DeleteLink />} />
    </Datagrid>
  );
};
