import { CheckboxGroupInput, Edit, PasswordInput, ResourceContextProvider, TextInput, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { formValidator, globalSettingsSchema, roleKey, SECOND_FACTOR_ROLES } from '../../domain';
import { FormToolbar } from '../../resources/common/FormToolbar';
import { useTitledNotify } from '../../resources/common/notify';
import { RecordForm } from '../../resources/common/RecordForm';

const validate = formValidator(globalSettingsSchema);
const SECOND_FACTOR_ROLE_CHOICES = SECOND_FACTOR_ROLES.map((id) => ({ id, name: `roles.${roleKey(id)}` }));

/** /settings: the service-wide settings the settings check asks admins to fill in. */
export const GlobalSettingsPage = () => {
  const translate = useTranslate();
  const notify = useTitledNotify();
  return (
    <ResourceContextProvider value="globalSettings">
      <Edit
        id="global"
        title="app.settings.title"
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: () => notify('success', 'app.settings.savedTitle', 'app.settings.saved') }}
      >
        <RecordForm validate={validate} mode="onChange" toolbar={<FormToolbar deletable={false} />}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.settings.intro')}
          </Typography>
          <TextInput
            source="publicUrl"
            label="app.settings.keys.publicUrl"
            helperText="app.settings.help.publicUrl"
            fullWidth
            placeholder="https://food.example.com"
          />
          <PasswordInput
            source="webhookSecret"
            label="app.settings.keys.webhookSecret"
            helperText="app.settings.help.webhookSecret"
            fullWidth
          />
          <CheckboxGroupInput
            source="secondFactorRoles"
            label="app.settings.keys.secondFactorRoles"
            helperText="app.settings.help.secondFactorRoles"
            choices={SECOND_FACTOR_ROLE_CHOICES}
            row={false}
          />
        </RecordForm>
      </Edit>
    </ResourceContextProvider>
  );
};
