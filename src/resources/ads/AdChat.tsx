import ForumIcon from '@mui/icons-material/Forum';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useApiQuery } from '../common/useApiQuery';
import { fetchAdChat } from './adApi';

/**
 * The chat the ad goes to (GET /advertisements/chat), for the ad's city: admins name it,
 * the others' is their own. A city without one is said plainly: its ads wait for it. A new
 * ad names the chat it was written for (`fill`); the server posts to the city's chat anyway.
 */
export const AdChat = ({ cityId, known, fill }: { cityId: number | null; known: boolean; fill: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { data, isPending, isError } = useApiQuery<string | null>({
    queryKey: ['ads', 'chat', cityId],
    queryFn: () => fetchAdChat(cityId),
    enabled: known,
  });
  useEffect(() => {
    if (fill && data !== undefined) setValue('telegramChatId', data);
  }, [fill, data, setValue]);
  if (!known) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="ad-chat">
        {translate('resources.ads.chat.pickRestaurant')}
      </Typography>
    );
  }
  if (isPending || isError) return null;
  if (data === null) {
    return (
      <Alert severity="warning" sx={{ mb: 2, width: '100%' }} data-testid="ad-chat">
        {translate('resources.ads.chat.none')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }} data-testid="ad-chat">
      <ForumIcon fontSize="small" color="action" />
      <Typography variant="body2">
        {translate('resources.ads.chat.label')}: <strong>{data}</strong>
      </Typography>
    </Box>
  );
};
