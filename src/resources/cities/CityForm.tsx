import { Box, Button, Typography } from '@mui/material';
import { BooleanInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { CITY_CONFIG_DEFAULTS, citySchema, configFormErrors, configKeysFor, formValidator, OPERATOR_CONFIG_KEYS } from '../../domain';
import { FormToolbar } from '../common/FormToolbar';
import { useSession } from '../common/useSession';
import { AuthKeyField } from './AuthKeyField';
import { ConfigFields } from './ConfigFields';
import { cityDistrictsPath } from './paths';
import { RecordForm } from '../common/RecordForm';

const validateCity = formValidator(citySchema);
const validate = (values: Record<string, unknown>) => ({
  ...validateCity(values),
  ...configFormErrors(values.config),
});
const validateConfigOnly = (values: Record<string, unknown>) => configFormErrors(values.config);

const Section = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="h6" sx={{ mt: 1, mb: 1 }}>
      {translate(title)}
    </Typography>
  );
};

const DistrictsLink = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.id) return null;
  return (
    <Button component={Link} to={cityDistrictsPath(record.id)} variant="outlined" size="small" sx={{ mb: 2 }}>
      {translate('resources.cities.openDistricts')}
    </Button>
  );
};

/** A new city starts inactive with the settings' defaults (the server writes the same); an existing one shows what is stored, nothing else. */
const NEW_CITY = { active: false, config: { ...CITY_CONFIG_DEFAULTS } };

/** Base settings, auth key, config (payments for admins) and the default image. */
export const CityForm = ({ isNew = false }: { isNew?: boolean }) => {
  const { roleId } = useSession();
  const record = useRecordContext();
  const keys = roleId === null ? [] : configKeysFor(roleId);
  const cityId = typeof record?.id === 'number' ? record.id : null;
  return (
    <RecordForm
      validate={validate}
      mode="onChange"
      defaultValues={isNew ? NEW_CITY : undefined}
      toolbar={<FormToolbar />}
      sx={{ maxWidth: 960 }}
    >
      <Section title="resources.cities.sections.base" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
        <TextInput source="name" isRequired />
        <TextInput source="name_ru" />
        <TextInput source="chatname" />
        <TextInput source="currency" placeholder="EUR" isRequired />
      </Box>
      <BooleanInput source="active" />
      <AuthKeyField />
      <DistrictsLink />
      <ConfigFields keys={keys} cityId={cityId} />
    </RecordForm>
  );
};

/** The operator's reduced form: delivery multiplier and the cost-jump settings only. */
export const CityConfigForm = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <RecordForm validate={validateConfigOnly} mode="onChange" toolbar={<FormToolbar deletable={false} />}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.cities.reducedHint')}
      </Typography>
      <ConfigFields keys={OPERATOR_CONFIG_KEYS} cityId={typeof record?.id === 'number' ? record.id : null} showActiveRule={false} />
    </RecordForm>
  );
};
