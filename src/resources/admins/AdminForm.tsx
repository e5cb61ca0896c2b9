import { Alert } from '@mui/material';
import { Loading, PasswordInput, SelectInput, TextInput, required, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  assignableRoles,
  formValidator,
  missingPlacement,
  newStaffDefaults,
  roleKey,
  staffCreateSchema,
  staffFormInputs,
  staffUpdateSchema,
  type SessionUser,
  type StaffAccount,
} from '../../domain';
import { CityInput } from '../common/CityInputs';
import { useSession } from '../common/useSession';
import { AdminToolbar } from './AdminToolbar';
import { StaffRestaurantInput } from './StaffRestaurantInput';
import { RecordForm } from '../common/RecordForm';

type Actor = Pick<SessionUser, 'roleId' | 'cityId' | 'restaurantId'>;

const checks = { create: formValidator(staffCreateSchema), update: formValidator(staffUpdateSchema) };
const REQUIRED = [required()];
const WIDE = { minWidth: { xs: '100%', sm: 320 } };
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The shared schema's checks, and the city or restaurant the chosen role needs (spec section 6). */
const validatorFor = (actor: Actor, create: boolean) => (values: Record<string, unknown>) => {
  const errors = checks[create ? 'create' : 'update'](values);
  const placement = {
    roleId: numberOrNull(values.roleId),
    cityId: numberOrNull(values.cityId),
    restaurantId: numberOrNull(values.restaurantId),
  };
  for (const missing of missingPlacement(actor, placement)) errors[missing.field] ??= { message: missing.key, args: {} };
  return errors;
};

/** The city (admins, for roles that work in a city) or the restaurant (owners) of the chosen role. */
const PlacementInputs = ({ actor }: { actor: Actor }) => {
  const roleId: unknown = useWatch({ name: 'roleId' });
  const inputs = staffFormInputs(actor, numberOrNull(roleId));
  return (
    <>
      {inputs.city ? <CityInput source="cityId" sx={WIDE} /> : null}
      {inputs.restaurant ? <StaffRestaurantInput cityId={actor.cityId} /> : null}
    </>
  );
};

/**
 * Username, password (required on create; on edit only a typed one changes it), the numeric
 * messenger id, the role among those the user may assign (a new account is a courier), and
 * where the role works. The API applies the same rules.
 */
export const AdminForm = ({ create = false }: { create?: boolean }) => {
  const session = useSession();
  const record = useRecordContext<StaffAccount>();
  const { identity, isPending } = useGetIdentity();
  const translate = useTranslate();
  if (session.isPending || isPending || session.roleId === null) return <Loading />;
  const actor: Actor = { roleId: session.roleId, cityId: session.cityId, restaurantId: session.restaurantId };
  const own = !create && record !== undefined && record.id === identity?.id;
  const roles = assignableRoles(actor.roleId).map((id) => ({ id, name: `roles.${roleKey(id)}` }));
  return (
    <RecordForm
      validate={validatorFor(actor, create)}
      mode="onChange"
      defaultValues={create ? newStaffDefaults(actor) : undefined}
      toolbar={<AdminToolbar own={own} />}
    >
      {own ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.admins.ownAccount')}
        </Alert>
      ) : null}
      <TextInput source="username" isRequired autoComplete="off" sx={WIDE} />
      <PasswordInput
        source="password"
        isRequired={create}
        autoComplete="new-password"
        helperText={create ? 'resources.admins.passwordHint' : 'resources.admins.passwordKeep'}
        sx={WIDE}
      />
      <TextInput
        source="telegramId"
        helperText="resources.admins.telegramIdHint"
        format={(value: unknown) => (value === null || value === undefined ? '' : String(value))}
        parse={(value: string) => value}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={WIDE}
      />
      <SelectInput source="roleId" choices={roles} validate={REQUIRED} disabled={own} sx={WIDE} />
      <PlacementInputs actor={actor} />
    </RecordForm>
  );
};
