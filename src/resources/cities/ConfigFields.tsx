import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { BooleanInput, CheckboxGroupInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { CONFIG_FIELD, CONFIG_GROUPS, LOCALES, type CityConfigKey, type ConfigField } from '../../domain';
import { PhotoInput } from '../common/PhotoInput';

const label = (key: CityConfigKey) => `resources.cities.config.${key}`;

const toggleFormat = (value: unknown) => value === 'true' || value === true;
const toggleParse = (value: unknown) => (value ? 'true' : 'false');
const localesFormat = (value: unknown) => (typeof value === 'string' && value ? value.split(',') : []);
const localesParse = (value: unknown) => (Array.isArray(value) ? value.join(',') : '');

/** One config key as the input that fits it. */
const ConfigInput = ({ field, disabled, cityId }: { field: ConfigField; disabled: boolean; cityId: number | null }) => {
  const translate = useTranslate();
  const source = `config.${field.key}`;
  // A range or unit goes under the field, so that the label stays short enough to be read whole.
  const ranged = field.min !== undefined || field.max !== undefined;
  const helperText = ranged ? translate(`resources.cities.helpers.${field.key}`, { min: field.min ?? '', max: field.max ?? '' }) : false;
  const common = { source, label: label(field.key), disabled, helperText };
  switch (field.input) {
    case 'toggle':
      // No default: an untouched switch of a key never set stays unset rather than saving 'false'.
      return <BooleanInput {...common} format={toggleFormat} parse={toggleParse} defaultValue={null} />;
    case 'select':
      return (
        <SelectInput
          {...common}
          choices={(field.options ?? []).map((id) => ({ id, name: translate(`resources.cities.paymentsModes.${id}`) }))}
        />
      );
    case 'locales':
      return (
        <CheckboxGroupInput {...common} choices={LOCALES.map((id) => ({ id, name: id }))} format={localesFormat} parse={localesParse} />
      );
    case 'photo':
      return <PhotoInput source={source} cityId={cityId} label={label(field.key)} />;
    case 'time':
      // A text of the form 22:00 rather than the browser's time picker, which shows 10:00 PM in some locales.
      return (
        <TextInput
          {...common}
          placeholder={field.placeholder}
          inputProps={{ inputMode: 'numeric', maxLength: 5 }}
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          multiline={field.input === 'longText'}
          placeholder={field.placeholder}
          inputProps={field.input === 'number' || field.input === 'integer' ? { inputMode: 'decimal' } : undefined}
          sx={{ minWidth: { xs: '100%', sm: 260 } }}
          fullWidth={field.input === 'longText'}
        />
      );
  }
};

/**
 * The config block: every key the role may change, grouped; a group with a toggle is greyed
 * out while the toggle is off, and the disabled-reason text while the city is active.
 */
export const ConfigFields = ({
  keys,
  cityId,
  showActiveRule = true,
}: {
  keys: readonly CityConfigKey[];
  cityId: number | null;
  showActiveRule?: boolean;
}) => {
  const translate = useTranslate();
  const config: Record<string, unknown> = useWatch({ name: 'config' }) ?? {};
  const active = useWatch({ name: 'active' }) as boolean | undefined;
  return (
    <>
      {CONFIG_GROUPS.map((group) => {
        const fields = keys.map((key) => CONFIG_FIELD[key]).filter((field) => field.group === group.id);
        if (fields.length === 0) return null;
        const off = group.toggle !== undefined && !toggleFormat(config[group.toggle]);
        return (
          <Box
            key={group.id}
            component="fieldset"
            data-config-group={group.id}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, width: '100%', boxSizing: 'border-box' }}
          >
            <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
              {translate(`resources.cities.groups.${group.id}`)}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              {fields.map((field) => {
                const isToggle = field.key === group.toggle;
                const disabled = (off && !isToggle) || (showActiveRule && field.key === 'cityDisabledReason' && active === true);
                return (
                  <Box
                    key={field.key}
                    data-config-key={field.key}
                    sx={{
                      flex: field.input === 'longText' || field.input === 'photo' ? '1 1 100%' : { xs: '1 1 100%', sm: '0 1 auto' },
                      minWidth: 0,
                    }}
                  >
                    <ConfigInput field={field} disabled={disabled} cityId={cityId} />
                  </Box>
                );
              })}
            </Box>
          </Box>
        );
      })}
    </>
  );
};
