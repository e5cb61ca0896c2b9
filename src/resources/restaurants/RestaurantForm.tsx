import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Typography } from '@mui/material';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  Loading,
  NumberInput,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import {
  formMessage,
  formValidator,
  missingDistrictPrices,
  problem,
  restaurantCreateSchema,
  restaurantEditableFields,
  restaurantUpdateSchema,
  WEEK_DAYS,
  type Restaurant,
  type RestaurantField,
} from '../../domain';
import { CityInput } from '../common/CityInputs';
import { CopyField } from '../common/CopyField';
import { PhotoInput, type PhotoUpload } from '../common/PhotoInput';
import { useFormat } from '../common/useFormat';
import { useSession } from '../common/useSession';
import { PauseControl } from './PauseControl';
import { CuisinesInput, DistrictPricesLoading } from './RestaurantPlaces';
import { dishCategoriesPath, restaurantReviewsPath } from './paths';
import { restaurantPhotoUpload } from './photo';
import { RecordDeleteButton } from '../common/FormToolbar';
import { RecordForm } from '../common/RecordForm';

/** The form's rule set (add or edit) plus the district-price rule the API answers with FST_KEY_IS_MISSING. */
const validatorOf = (create: boolean) => {
  const bySchema = formValidator(create ? restaurantCreateSchema : restaurantUpdateSchema);
  return (values: Record<string, unknown>) => {
    const errors = bySchema(values);
    const rows = Array.isArray(values.districtRestaurants)
      ? (values.districtRestaurants as { enabled?: boolean; price?: number | null }[])
      : [];
    for (const index of missingDistrictPrices(rows)) errors[`districtRestaurants.${index}.price`] = formMessage(problem('required'));
    return errors;
  };
};
const validateCreate = validatorOf(true);
const validateEdit = validatorOf(false);

/** Save, disabled while the form is invalid, saving or a photo uploads; delete for admins, naming the restaurant. */
const RestaurantToolbar = ({ create, uploading }: { create: boolean; uploading: boolean }) => {
  const { isValid, isValidating } = useFormState();
  const record = useRecordContext<Restaurant>();
  const { can } = useSession();
  const ready = isValid && !isValidating && !uploading;
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton disabled={!ready} alwaysEnable={ready} />
      {!create && record && can('restaurants', 'delete') ? (
        <RecordDeleteButton
          mutationMode="pessimistic"
          redirect="/restaurants"
          confirmTitle="resources.restaurants.deleteTitle"
          titleTranslateOptions={{ name: record.name }}
          confirmContent="resources.restaurants.deleteContent"
        />
      ) : null}
    </Toolbar>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

/** The city's districts as rows of the form, each with enabled and price (rows the record lacks are added off). */
const DistrictPrices = ({ cityId, readOnly }: { cityId: number | null; readOnly: boolean }) => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const { name } = useFormat();
  const { data: districts, isLoading } = useGetList(
    'districts',
    { filter: { cityId }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: cityId != null },
  );
  useEffect(() => {
    if (!districts) return;
    const rows: { districtId: number }[] = getValues('districtRestaurants') ?? [];
    const known = new Set(rows.map((r) => r.districtId));
    const added = districts.filter((d) => !known.has(Number(d.id))).map((d) => ({ districtId: Number(d.id), enabled: false, price: null }));
    if (added.length) setValue('districtRestaurants', [...rows, ...added], { shouldValidate: true });
  }, [districts, getValues, setValue]);
  const names = new Map((districts ?? []).map((d) => [Number(d.id), name({ name: String(d.name), name_ru: d.name_ru })]));
  if (isLoading) return <DistrictPricesLoading />;
  if (districts && districts.length === 0) return <Typography variant="body2">{translate('resources.restaurants.noDistricts')}</Typography>;
  return (
    <ArrayInput source="districtRestaurants" label="resources.restaurants.fields.districtRestaurants">
      <SimpleFormIterator disableAdd disableRemove disableReordering inline getItemLabel={() => ''}>
        <FormDataConsumer>
          {({ scopedFormData }) => (
            <Typography sx={{ minWidth: 140, alignSelf: 'center' }}>{names.get(Number(scopedFormData?.districtId)) ?? ''}</Typography>
          )}
        </FormDataConsumer>
        <BooleanInput source="enabled" label="resources.restaurants.fields.enabled" readOnly={readOnly} />
        <NumberInput source="price" label="resources.restaurants.fields.price" min={0} readOnly={readOnly} />
      </SimpleFormIterator>
    </ArrayInput>
  );
};

const PublicLink = ({ link }: { link: string | null }) => {
  const translate = useTranslate();
  return (
    <Accordion sx={{ width: '100%', mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>{translate('resources.restaurants.publicLink')}</AccordionSummary>
      <AccordionDetails>
        {link ? (
          <CopyField
            value={link}
            label="resources.restaurants.publicLink"
            copyLabel="resources.restaurants.copyLink"
            copied="resources.restaurants.copied"
            copyFailed="resources.restaurants.copyFailed"
            testId="restaurant-public-link"
          />
        ) : (
          <Typography variant="body2">{translate('resources.restaurants.noPublicLink')}</Typography>
        )}
      </AccordionDetails>
    </Accordion>
  );
};

/** The buttons of a stored restaurant: its dish categories and reviews. */
const RestaurantLinks = ({ id }: { id: number }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <Button component={Link} to={dishCategoriesPath(id)} variant="outlined">
        {translate('resources.restaurants.dishCategories')}
      </Button>
      <Button component={Link} to={restaurantReviewsPath(id)} variant="outlined">
        {translate('resources.restaurants.reviews')}
      </Button>
    </Box>
  );
};

/** The restaurant form (spec sections 3 and 5): add and edit rule sets; fields the role may not change are read-only. */
export const RestaurantForm = ({ create = false }: { create?: boolean }) => {
  const record = useRecordContext<Restaurant>();
  const session = useSession();
  const editable = create ? null : new Set<string>(restaurantEditableFields(session.roleId));
  const ro = (field: RestaurantField) => (editable ? !editable.has(field) : false);
  const [uploading, setUploading] = useState(false);
  const storedId = create ? null : (record?.id ?? null);
  const upload = useMemo(() => (storedId != null ? restaurantPhotoUpload(storedId) : undefined), [storedId]);
  // Which fields are read-only, and the city of a new restaurant, follow the role: wait for it.
  if (session.isPending) return <Loading />;
  const defaults = create
    ? {
        enabled: true,
        active: true,
        canPickup: true,
        canDelivery: true,
        deliveryPrice: 0,
        workingDays: WEEK_DAYS.map((value) => ({ value, enabled: false, schedule: '' })),
        selectedCuisines: [],
        districtRestaurants: [],
        ...(session.allCities ? {} : { cityId: session.cityId }),
      }
    : undefined;
  return (
    <RecordForm
      validate={create ? validateCreate : validateEdit}
      mode="onChange"
      defaultValues={defaults}
      toolbar={<RestaurantToolbar create={create} uploading={uploading} />}
      sx={{ maxWidth: 900 }}
    >
      {record?.id ? <RestaurantLinks id={record.id} /> : null}
      {record?.id ? <PauseControl /> : null}
      <RestaurantFields create={create} readOnly={ro} allCities={session.allCities} upload={upload} onUploading={setUploading} />
      {record ? <PublicLink link={record.publicLink} /> : null}
    </RecordForm>
  );
};

const keepText = (value: string) => value;

const RestaurantFields = ({
  create,
  readOnly: ro,
  allCities,
  upload,
  onUploading,
}: {
  create: boolean;
  readOnly: (f: RestaurantField) => boolean;
  allCities: boolean;
  /** On edit the photo is stored through the restaurant's own photo call. */
  upload?: PhotoUpload;
  onUploading: (uploading: boolean) => void;
}) => {
  const cityId = useWatch({ name: 'cityId' }) as number | null | undefined;
  const translate = useTranslate();
  const text = (source: RestaurantField, extra: { multiline?: boolean; isRequired?: boolean; parse?: (value: string) => string } = {}) => (
    <TextInput
      source={source}
      fullWidth
      readOnly={ro(source)}
      helperText={ro(source) ? 'resources.restaurants.readOnly' : undefined}
      {...extra}
    />
  );
  const number = (source: RestaurantField, isRequired = false) => (
    <NumberInput
      source={source}
      readOnly={ro(source)}
      isRequired={isRequired}
      helperText={ro(source) ? 'resources.restaurants.readOnly' : undefined}
    />
  );
  const flag = (source: RestaurantField) => <BooleanInput source={source} readOnly={ro(source)} />;
  return (
    <>
      <Section title="resources.restaurants.sections.identity">
        {create && allCities ? <CityInput /> : null}
        {text('name', { isRequired: true })}
        {text('name_ru', { isRequired: true })}
        {text('description', { multiline: true })}
        {text('description_ru', { multiline: true })}
        {text('receipt_text')}
        {text('receipt_text_ru')}
      </Section>
      <Section title="resources.restaurants.sections.flags">
        {number('position', create)}
        {flag('enabled')}
        {flag('active')}
      </Section>
      <Section title="resources.restaurants.sections.commercial">
        {number('minOrderSum', create)}
        <FormDataConsumer>{({ formData }) => (formData.canDelivery ? number('deliveryPrice', true) : null)}</FormDataConsumer>
        {text('deliveryTime', { isRequired: create })}
        {number('maximumPreorderTime')}
      </Section>
      <Section title="resources.restaurants.sections.service">
        {text('address', { isRequired: true })}
        {flag('canPickup')}
        {flag('canDelivery')}
        {/* A schedule cleared on edit is '' (no schedule), which the edit rules allow; null would be refused. */}
        {text('schedule', { isRequired: create, parse: keepText })}
        <ArrayInput source="workingDays" label="resources.restaurants.fields.workingDays">
          <SimpleFormIterator disableAdd disableRemove disableReordering inline getItemLabel={() => ''}>
            <FormDataConsumer>
              {({ scopedFormData }) => (
                <Typography sx={{ minWidth: 120, alignSelf: 'center' }}>
                  {translate(`resources.restaurants.days.${Number(scopedFormData?.value)}`)}
                </Typography>
              )}
            </FormDataConsumer>
            <BooleanInput source="enabled" label="resources.restaurants.fields.enabled" readOnly={ro('workingDays')} />
            <TextInput source="schedule" label="resources.restaurants.fields.schedule" readOnly={ro('workingDays')} />
          </SimpleFormIterator>
        </ArrayInput>
        <CuisinesInput cityId={cityId} readOnly={ro('selectedCuisines')} />
        <DistrictPrices cityId={cityId ?? null} readOnly={ro('districtRestaurants')} />
        {number('notificationAccountTelegramId')}
        {text('link')}
        {ro('telegramFileId') ? null : (
          <PhotoInput
            source="telegramFileId"
            cityId={cityId ?? null}
            label="resources.restaurants.fields.telegramFileId"
            upload={upload}
            onUploading={onUploading}
          />
        )}
      </Section>
    </>
  );
};
