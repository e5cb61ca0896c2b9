import { BooleanInput, NumberInput, SaveButton, TextInput, Toolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { dishCategoryFormSchema, formValidator, type DishCategory } from '../../domain';
import { dishCategoriesPath } from './paths';
import { RecordDeleteButton } from '../common/FormToolbar';
import { RecordForm } from '../common/RecordForm';

const validate = formValidator(dishCategoryFormSchema);
const emptyAsNull = (value: string) => (value === '' ? null : value);

/** Save, and delete for those who may; a category with dishes says how many go with it. */
const CategoryToolbar = () => {
  const record = useRecordContext<DishCategory>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'dishCategories', action: 'delete', enabled: !!record?.id });
  const count = record?.dishCount ?? 0;
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.id && canAccess ? (
        <RecordDeleteButton
          mutationMode="pessimistic"
          mutationOptions={{ meta: { withDishes: count > 0 } }}
          confirmTitle={translate('resources.dishCategories.deleteTitle', { name: record.name })}
          confirmContent={
            count > 0
              ? translate('resources.dishCategories.deleteWithDishes', { count })
              : translate('resources.dishCategories.deleteEmpty')
          }
          redirect={() => dishCategoriesPath(record.restaurantId)}
        />
      ) : null}
    </Toolbar>
  );
};

/** name, name_ru, position, enabled and the display window (HH:mm, both or neither, may cross midnight). */
export const DishCategoryForm = ({ create = false }: { create?: boolean }) => {
  const translate = useTranslate();
  return (
    <RecordForm validate={validate} mode="onChange" defaultValues={create ? { enabled: true } : undefined} toolbar={<CategoryToolbar />}>
      <TextInput source="name" isRequired fullWidth />
      <TextInput source="name_ru" isRequired fullWidth />
      <NumberInput source="position" step={1} min={0} isRequired />
      <BooleanInput source="enabled" />
      <TextInput source="startDisplayingAt" type="time" parse={emptyAsNull} InputLabelProps={{ shrink: true }} />
      <TextInput
        source="stopDisplayingAt"
        type="time"
        parse={emptyAsNull}
        InputLabelProps={{ shrink: true }}
        helperText={translate('resources.dishCategories.windowHelp')}
      />
    </RecordForm>
  );
};
