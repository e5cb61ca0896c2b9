import { Alert, Box, Button, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { MAILING_REFRESH_MS, type Mailing } from '../../domain';
import { MailingItem } from './MailingItem';
import { useLiveProgress } from './useLiveProgress';

const PER_PAGE = 50;

/**
 * The city's previous mailings, newest first, asked again every 60 s (spec section 9) and after
 * every send or stop; the progress moves live between. A failed load is an error with a retry,
 * never an empty list.
 */
export const MailingList = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  useLiveProgress();
  const { data, isPending, isError, refetch, isFetching } = useGetList<Mailing>(
    'spam',
    { filter: { cityId }, pagination: { page: 1, perPage: PER_PAGE }, sort: { field: 'createdAt', order: 'DESC' } },
    // One retry, then the error shows (with its own retry); the refresh tries again anyway.
    { refetchInterval: MAILING_REFRESH_MS, retry: 1 },
  );
  return (
    <Box component="section" aria-labelledby="spam-list-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="spam-list-title" variant="h6" component="h2">
        {translate('resources.spam.list.title')}
      </Typography>
      {isError ? (
        <Alert
          severity="error"
          data-testid="mailings-error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              {translate('resources.spam.list.retry')}
            </Button>
          }
        >
          {translate('resources.spam.list.error')}
        </Alert>
      ) : null}
      {isPending && !isError ? <Loading /> : null}
      {!isPending && !isError && data?.length === 0 ? <Typography>{translate('resources.spam.list.empty')}</Typography> : null}
      {!isError && data ? data.map((mailing) => <MailingItem key={mailing.id} mailing={mailing} />) : null}
    </Box>
  );
};
