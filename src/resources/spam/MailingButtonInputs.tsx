import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { BooleanInput, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MAILING_BUTTON_POSITIONS, MAILING_BUTTON_TYPES } from '../../domain';

const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } };

/** The city's restaurants, by id as the button's value holds it. */
const RestaurantValue = ({ cityId }: { cityId: number }) => {
  const { data = [], isPending } = useGetList<{ id: number; name: string }>('restaurants', {
    filter: { cityId, showDisabled: true },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <SelectInput
      source="bindedButton.value"
      label="resources.spam.composer.button.restaurant"
      choices={data.map((restaurant) => ({ id: String(restaurant.id), name: restaurant.name }))}
      isPending={isPending}
    />
  );
};

/**
 * The bound button (spec section 5): on or off, a link or a restaurant of the city, under the
 * message or on the keyboard, its text and its value. A link needs both and is always under
 * the message, so choosing it sets that position and locks it.
 */
export const MailingButtonInputs = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const enabled: unknown = useWatch({ name: 'bindedButton.enabled' });
  const type: unknown = useWatch({ name: 'bindedButton.type' });
  const isUrl = type === 'url';
  useEffect(() => {
    if (isUrl) setValue('bindedButton.position', 'inline', { shouldValidate: true });
  }, [isUrl, setValue]);
  const choices = (names: readonly string[], group: string) =>
    names.map((name) => ({ id: name, name: translate(`resources.spam.composer.button.${group}.${name}`) }));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" gutterBottom>
        {translate('resources.spam.composer.button.title')}
      </Typography>
      <BooleanInput source="bindedButton.enabled" label="resources.spam.composer.button.enabled" />
      {enabled === true ? (
        <Box sx={grid}>
          <SelectInput
            source="bindedButton.type"
            label="resources.spam.composer.button.type"
            choices={choices(MAILING_BUTTON_TYPES, 'types')}
            onChange={() => setValue('bindedButton.value', '', { shouldValidate: true })}
          />
          <SelectInput
            source="bindedButton.position"
            label="resources.spam.composer.button.position"
            choices={choices(MAILING_BUTTON_POSITIONS, 'positions')}
            disabled={isUrl}
            helperText={isUrl ? 'resources.spam.composer.button.urlInline' : false}
          />
          <TextInput source="bindedButton.text" label="resources.spam.composer.button.text" />
          {isUrl ? (
            <TextInput
              source="bindedButton.value"
              label="resources.spam.composer.button.url"
              slotProps={{ htmlInput: { inputMode: 'url' } }}
            />
          ) : (
            <RestaurantValue cityId={cityId} />
          )}
        </Box>
      ) : null}
    </Box>
  );
};
