import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  API_PATHS,
  fillPath,
  fillReply,
  orderStatusLabel,
  replyTextFor,
  type CannedReply,
  type CannedValues,
  type Locale,
  type Order,
  type OrderCannedReplies,
} from '../../domain';
import { getJson, sendJson } from '../../providers/rest';
import { useApiQuery } from '../common/useApiQuery';
import { formatMoney } from '../common/useFormat';

const P = API_PATHS.cannedReplies;

/** The replies an order's chat offers, with the customer's language; asked once the picker first opens. */
export const useOrderReplies = (threadId: string, enabled: boolean) =>
  useApiQuery<OrderCannedReplies>({
    queryKey: ['cannedReplies', 'order', threadId],
    queryFn: () => getJson<OrderCannedReplies>(fillPath(P.forOrder, { threadId })),
    enabled,
    staleTime: 60_000,
  });

/** One more message sent from a reply: its count goes up (a failed count never troubles the chat). */
export const countReplyUse = (replyId: number): Promise<unknown> =>
  sendJson('POST', fillPath(P.used, { id: String(replyId) })).catch(() => undefined);

/**
 * The order's facts a reply may name, in the customer's language: the total as the order page
 * writes money, the status by its name, the ETA only when the order has one.
 */
export const orderValues = (order: Order, language: Locale, eta: string | null): CannedValues => ({
  order: order.threadId,
  customer: order.user.name,
  restaurant: language === 'ru' && order.restaurant.name_ru ? order.restaurant.name_ru : order.restaurant.name,
  total: formatMoney(order.totalSum, order.currency, language),
  status: orderStatusLabel(order.status, language),
  eta,
});

const matches = (reply: CannedReply, query: string) => {
  const q = query.trim().toLowerCase();
  return q === '' || [reply.title, reply.text, reply.text_ru, reply.text_es].some((text) => text.toLowerCase().includes(q));
};

/**
 * The searchable list of canned replies under the message box: arrows move, Enter takes the
 * highlighted reply, Escape (or leaving it) closes it. The reply comes back in the customer's
 * language with the order's facts filled in.
 */
export const CannedReplyPicker = ({
  order,
  onPick,
  onClose,
}: {
  order: Order;
  onPick: (picked: { replyId: number; text: string }) => void;
  /** Closed by Escape (`refocus`: back to the message box) or by leaving it. */
  onClose: (refocus: boolean) => void;
}) => {
  const translate = useTranslate();
  const replies = useOrderReplies(order.threadId, true);
  const data = replies.data;
  const pick = (reply: CannedReply) => {
    if (!data) return;
    const template = replyTextFor(reply, data.customerLanguage);
    onPick({ replyId: reply.id, text: fillReply(template, orderValues(order, data.customerLanguage, data.eta)).text });
  };
  return (
    <Autocomplete<CannedReply, false, false, false>
      open
      openOnFocus
      autoHighlight
      size="small"
      options={data?.replies ?? []}
      loading={replies.isPending}
      loadingText={translate('resources.cannedReplies.picker.loading')}
      noOptionsText={translate('resources.cannedReplies.picker.none')}
      getOptionLabel={(reply) => reply.title}
      filterOptions={(options, state) => options.filter((reply) => matches(reply, state.inputValue))}
      onChange={(_event, reply) => {
        if (reply) pick(reply);
      }}
      onClose={(_event, reason) => {
        if (reason === 'escape' || reason === 'blur') onClose(reason === 'escape');
      }}
      renderOption={({ key, ...props }, reply) => (
        <Box component="li" key={key} {...props} data-canned-reply={reply.id}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {reply.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {data ? replyTextFor(reply, data.customerLanguage) : reply.text}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} autoFocus label={translate('resources.cannedReplies.picker.search')} />}
      data-testid="canned-picker"
    />
  );
};
