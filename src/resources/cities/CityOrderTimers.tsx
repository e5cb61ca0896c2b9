import { Box, Card, CardContent, Typography } from '@mui/material';
import { EditBase, Form, NumberInput, SaveButton, useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  cityOrderTimersSchema,
  DEFAULT_ORDER_TIMER_MINUTES,
  formValidator,
  ORDER_TIMER_MAX_MINUTES,
  ORDER_TIMER_MIN_MINUTES,
  ORDER_TIMER_STAGES,
} from '../../domain';
import { useSession } from '../common/useSession';

const validate = formValidator(cityOrderTimersSchema);

const StageInputs = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext<{ defaults?: Record<string, number> }>();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      {ORDER_TIMER_STAGES.map((stage) => (
        <NumberInput
          key={stage}
          source={stage}
          label={`resources.cities.orderTimers.stages.${stage}`}
          min={ORDER_TIMER_MIN_MINUTES}
          max={ORDER_TIMER_MAX_MINUTES}
          step={1}
          disabled={readOnly}
          placeholder={String(record?.defaults?.[stage] ?? DEFAULT_ORDER_TIMER_MINUTES[stage])}
          helperText={translate('resources.cities.orderTimers.default', {
            minutes: record?.defaults?.[stage] ?? DEFAULT_ORDER_TIMER_MINUTES[stage],
          })}
          slotProps={{ inputLabel: { shrink: true } }}
          data-timer-stage={stage}
          fullWidth
        />
      ))}
    </Box>
  );
};

/**
 * The city page's order timers: the minutes an order may stay in each stage before it is late,
 * each empty for the default. Admins and the city's admins change them; operators see them.
 * Saved on their own, so the city's form and this one never hold each other's changes.
 */
export const CityOrderTimers = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  if (!session.can('orderTimers', 'show')) return null;
  const readOnly = !session.can('orderTimers', 'edit');
  return (
    <Card sx={{ mt: 2 }} data-testid="city-order-timers" component="section" aria-labelledby="city-order-timers-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="city-order-timers-title">
          {translate('resources.cities.orderTimers.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(readOnly ? 'resources.cities.orderTimers.readOnly' : 'resources.cities.orderTimers.help', {
            min: ORDER_TIMER_MIN_MINUTES,
            max: ORDER_TIMER_MAX_MINUTES,
          })}
        </Typography>
        <EditBase
          resource="orderTimers"
          id={cityId}
          // The city page's guard has checked the session; operators read the timers without the edit grant.
          disableAuthentication
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess: () => notify('resources.cities.orderTimers.saved', { type: 'success' }) }}
        >
          <Form validate={validate} mode="onChange">
            <StageInputs readOnly={readOnly} />
            {readOnly ? null : (
              <Box sx={{ mt: 1 }}>
                <SaveButton alwaysEnable={false} label="resources.cities.orderTimers.save" data-testid="city-order-timers-save" />
              </Box>
            )}
          </Form>
        </EditBase>
      </CardContent>
    </Card>
  );
};
