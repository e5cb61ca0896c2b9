import { Card, CardContent, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  TextInput,
  useGetOne,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { dishEditSchema, dishSchema, formValidator, MAX_DISH_TAGS, type Dish, type DishCategory } from '../../domain';
import { FormToolbar } from '../common/FormToolbar';
import { PhotoInput } from '../common/PhotoInput';
import { formatPrice } from './paths';
import { RecordForm } from '../common/RecordForm';

const validateCreate = formValidator(dishSchema);
const validateEdit = formValidator(dishEditSchema);

/** The dish as the customer sees it in the bot: name, description and the price in the city's currency. */
const Preview = ({ currency }: { currency: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [name, description, price] = useWatch({ name: ['name', 'description', 'price'] }) as [unknown, unknown, unknown];
  return (
    <Card variant="outlined" sx={{ mb: 2, maxWidth: 480 }} aria-label={translate('resources.dishes.preview')}>
      <CardContent>
        <Typography variant="overline" component="p">
          {translate('resources.dishes.preview')}
        </Typography>
        <Typography variant="h6" component="p">
          {typeof name === 'string' ? name : ''}
        </Typography>
        <Typography variant="body2">{typeof description === 'string' ? description : ''}</Typography>
        <Typography variant="subtitle1" component="p" data-testid="dish-price">
          {typeof price === 'number' ? formatPrice(price, currency, locale) : ''}
        </Typography>
      </CardContent>
    </Card>
  );
};

const StockAmount = () => {
  const limited: unknown = useWatch({ name: 'limitedStock' });
  return limited === true ? <NumberInput source="amount" step={1} min={0} /> : null;
};

/**
 * Every dish field of spec section 3: the stock amount counts only while its checkbox is on,
 * the tags are the city's (each once, at most two), the photo is uploaded or linked.
 */
export const DishForm = ({ create = false, dishCategoryId }: { create?: boolean; dishCategoryId?: number }) => {
  const record = useRecordContext<Dish>();
  const translate = useTranslate();
  const { data: category } = useGetOne<DishCategory>(
    'dishCategories',
    { id: dishCategoryId ?? 0 },
    { enabled: create && !!dishCategoryId },
  );
  // Where the dish is sold: from the dish itself, or on add from its category.
  const cityId = record?.cityId ?? category?.cityId ?? null;
  const currency = record?.currency ?? category?.currency ?? '';
  return (
    <RecordForm
      validate={create ? validateCreate : validateEdit}
      mode="onChange"
      defaultValues={{
        enabled: true,
        popularityCoefficient: 0,
        tags: [],
        limitedStock: record ? record.amount !== null : false,
      }}
      toolbar={<FormToolbar deletable={!create} />}
    >
      <TextInput source="name" isRequired fullWidth />
      <TextInput source="name_ru" fullWidth />
      <TextInput source="description" isRequired={create} fullWidth multiline />
      <TextInput source="description_ru" isRequired={create} fullWidth multiline />
      <NumberInput source="price" isRequired helperText={currency} />
      <NumberInput source="position" step={1} min={0} isRequired={create} />
      <BooleanInput source="limitedStock" />
      <StockAmount />
      <BooleanInput source="enabled" />
      <NumberInput source="popularityCoefficient" />
      {cityId !== null ? (
        <ReferenceArrayInput source="tags" reference="tags" filter={{ cityId }}>
          <AutocompleteArrayInput
            optionText="name"
            helperText={translate('resources.dishes.tagsHelp', { max: MAX_DISH_TAGS })}
            label="resources.dishes.fields.tags"
          />
        </ReferenceArrayInput>
      ) : null}
      <PhotoInput source="telegramFileId" cityId={cityId} label="resources.dishes.fields.telegramFileId" />
      <Preview currency={currency} />
    </RecordForm>
  );
};
