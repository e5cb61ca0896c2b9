import { Box, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Form,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  useCreate,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { formValidator, problem, referralLinkSchemaAt, type ReferralLink } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { DateTimeInput } from '../common/DateInput';
import { useSession } from '../common/useSession';
import { DismissibleAlert } from './DismissibleAlert';
import { errorCode, errorMessage } from './referralErrors';

const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } };

/** A picker of rows of `reference` matching `filter`, or, until there is a filter, an empty picker that says why. */
const Picker = ({
  source,
  reference,
  filter,
  label,
  emptyText,
  waitingText,
  onChange,
}: {
  source: string;
  reference: string;
  filter: Record<string, number> | null;
  label: string;
  emptyText: string;
  waitingText?: string;
  onChange?: () => void;
}) => {
  const translate = useTranslate();
  if (filter === null) {
    return (
      <SelectInput
        source={source}
        choices={[]}
        label={label}
        emptyText={emptyText}
        disabled
        helperText={waitingText ? translate(waitingText) : false}
      />
    );
  }
  return (
    <ReferenceInput source={source} reference={reference} filter={filter} sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
      <SelectInput optionText="name" label={label} emptyText={emptyText} onChange={onChange} helperText={false} />
    </ReferenceInput>
  );
};

/** The restaurant and category pickers of the link's city; the category is one of the chosen restaurant's. */
const OptionInputs = ({ cityId }: { cityId: number | null }) => {
  const { setValue } = useFormContext();
  const restaurantId: unknown = useWatch({ name: 'options.restaurantId' });
  return (
    <>
      <Picker
        source="options.restaurantId"
        reference="restaurants"
        filter={cityId === null ? null : { cityId }}
        label="resources.referrals.fields.restaurantId"
        emptyText="resources.referrals.anyRestaurant"
        onChange={() => setValue('options.categoryId', null)}
      />
      <Picker
        source="options.categoryId"
        reference="dishCategories"
        filter={typeof restaurantId === 'number' ? { restaurantId } : null}
        label="resources.referrals.fields.categoryId"
        emptyText="resources.referrals.anyCategory"
        waitingText="resources.referrals.helpers.category"
      />
    </>
  );
};

/** The city of the new link: an admin's pick (resetting the options, which are that city's), a city admin's own. */
const CityAndOptions = () => {
  const { allCities, cityId: ownCity } = useSession();
  const { setValue } = useFormContext();
  const picked: unknown = useWatch({ name: 'cityId' });
  const cityId = allCities ? (typeof picked === 'number' ? picked : null) : ownCity;
  return (
    <>
      {allCities ? (
        <CityInput
          source="cityId"
          onChange={() => {
            setValue('options.restaurantId', null);
            setValue('options.categoryId', null);
          }}
        />
      ) : null}
      <OptionInputs cityId={cityId} />
    </>
  );
};

/**
 * The form of a new referral link (spec section 5), checked as the user types with the API's
 * own rules; a refusal shows as a red alert the user closes (spec section 8).
 */
export const ReferralCreateForm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { allCities } = useSession();
  const { filterValues } = useListContext<ReferralLink>();
  const [create] = useCreate<ReferralLink>();
  const [failure, setFailure] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  // The next link is most likely of the same city: a new form keeps it.
  const [lastCity, setLastCity] = useState<number | null>(null);
  const validate = useMemo(() => {
    const rules = formValidator(referralLinkSchemaAt(() => new Date()));
    // The API asks an admin for the city; everyone else's is their own.
    return (values: Record<string, unknown>) => ({
      ...rules(values),
      ...(allCities && typeof values.cityId !== 'number' ? { cityId: { message: problem('required').key, args: {} } } : {}),
    });
  }, [allCities]);
  // The city the list shows when the screen opens; changing the filter later leaves the form alone.
  const [filteredCity] = useState(typeof filterValues.cityId === 'number' ? filterValues.cityId : null);
  const defaults = {
    code: '',
    limit: 0,
    cityId: allCities ? (lastCity ?? filteredCity) : undefined,
    options: { restaurantId: null, categoryId: null },
    validUntil: null,
  };

  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    try {
      const link = await create('referrals', { data: values }, { returnPromise: true });
      notify('resources.referrals.create.done', { type: 'info', messageArgs: { code: link ? link.code : '' } });
      if (link) setLastCity(link.cityId);
      setFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      const message = errorMessage(error);
      setFailure(translate('resources.referrals.list.createError', { message }));
      // A taken code is the code field's problem too.
      return errorCode(error) === 'REFERRAL_CODE_TAKEN' ? { code: message } : undefined;
    }
  };

  return (
    <Box component="section" aria-labelledby="referral-create-title" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2" id="referral-create-title" sx={{ mb: 1 }}>
        {translate('resources.referrals.create.title')}
      </Typography>
      {failure ? <DismissibleAlert message={failure} onClose={() => setFailure(null)} testId="referral-create-error" /> : null}
      <Form
        key={formKey}
        defaultValues={defaults}
        validate={validate}
        onSubmit={submit}
        mode="onChange"
        // The fields say what is wrong, and a refusal has its alert: no toast besides.
        disableInvalidFormNotification
      >
        <Box sx={grid}>
          <TextInput
            source="code"
            label="resources.referrals.fields.code"
            isRequired
            helperText="resources.referrals.helpers.code"
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
          <NumberInput
            source="limit"
            label="resources.referrals.fields.limit"
            min={0}
            step={1}
            helperText="resources.referrals.helpers.limit"
          />
          <CityAndOptions />
          <DateTimeInput
            source="validUntil"
            label="resources.referrals.fields.validUntil"
            helperText="resources.referrals.helpers.validUntil"
          />
        </Box>
        <SaveButton label="resources.referrals.create.submit" />
      </Form>
    </Box>
  );
};
