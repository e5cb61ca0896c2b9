import { Box, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { FunctionField, ReferenceField, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { referralLinkExpired, referralLinkSpent, type ReferralLink } from '../../domain';
import { useCityName, type NamedCity } from '../cities/useCityName';
import { CopyLinkButton } from './CopyLinkButton';

/** The cells of one referral link, shared by the table and the cards of the list. */

/** 'uses / limit', the limit '∞' when there is none (0), and a mark once it is reached. */
export const UsesCell = () => {
  const link = useRecordContext<ReferralLink>();
  const translate = useTranslate();
  if (!link) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-uses={link.code}>
      <span>
        {link.count} / {link.limit > 0 ? link.limit : <abbr title={translate('resources.referrals.unlimited')}>∞</abbr>}
      </span>
      {referralLinkSpent(link) ? <Chip size="small" color="warning" label={translate('resources.referrals.spent')} /> : null}
    </Box>
  );
};

/** The bot deep link with its copy button, or why there is none. */
export const DeepLinkCell = () => {
  const link = useRecordContext<ReferralLink>();
  const translate = useTranslate();
  if (!link) return null;
  if (!link.referralLink) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate('resources.referrals.noLink')}
      </Typography>
    );
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Typography variant="body2" component="span" sx={{ wordBreak: 'break-all' }} data-deep-link={link.code}>
        {link.referralLink}
      </Typography>
      <CopyLinkButton code={link.code} link={link.referralLink} />
    </Box>
  );
};

/** The end of the link in the user's language, 'Never' without one, and a mark once past. */
export const ValidUntilCell = () => {
  const link = useRecordContext<ReferralLink>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [now] = useState(() => new Date());
  if (!link) return null;
  if (link.validUntil === null) return <span>{translate('resources.referrals.never')}</span>;
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(link.validUntil));
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <time dateTime={link.validUntil}>{text}</time>
      {referralLinkExpired(link, now) ? <Chip size="small" label={translate('resources.referrals.expired')} /> : null}
    </Box>
  );
};

/** The link's city by name; a link of every city says so. */
export const CityCell = () => {
  const cityName = useCityName();
  return (
    <ReferenceField source="cityId" reference="cities" link={false} emptyText="resources.referrals.everyCity">
      <FunctionField<NamedCity> render={(city) => cityName(city)} />
    </ReferenceField>
  );
};

/** What the link opens: the restaurant and the dish category, by name. */
export const OptionsCell = () => {
  const link = useRecordContext<ReferralLink>();
  if (!link || (link.options.restaurantId === null && link.options.categoryId === null)) return <span>—</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      {link.options.restaurantId !== null ? (
        <ReferenceField source="options.restaurantId" reference="restaurants" link={false}>
          <FunctionField<{ name: string }> render={(restaurant) => restaurant.name} />
        </ReferenceField>
      ) : null}
      {link.options.categoryId !== null ? (
        <ReferenceField source="options.categoryId" reference="dishCategories" link={false}>
          <FunctionField<{ name: string }> render={(category) => category.name} />
        </ReferenceField>
      ) : null}
    </Box>
  );
};
