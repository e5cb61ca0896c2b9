import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Typography } from '@mui/material';
import {
  Button,
  Datagrid,
  FunctionField,
  LinkBase,
  List,
  NumberField,
  TextField,
  TopToolbar,
  useCanAccess,
  useGetOne,
  useListContext,
  useLocaleState,
  useTranslate,
  CreateButton,
} from 'react-admin';
import type { Dish, DishCategory } from '../../domain';
import { dishCategoriesPath } from '../dishCategories/paths';
import { DishBulkActions } from './DishBulkActions';
import { DishEnabledToggle, StockToggle } from './DishToggles';
import { InlineDishNumber } from './InlineDishNumber';
import { rowCheckboxNames } from './rowCheckboxNames';
import { dishCreatePath, dishEditPath, formatPrice } from './paths';

const categoryIdOf = (filter: Record<string, unknown>): number | null =>
  typeof filter.dishCategoryId === 'number' ? filter.dishCategoryId : null;

const DishActions = () => {
  const { filterValues } = useListContext();
  const categoryId = categoryIdOf(filterValues);
  const { canAccess } = useCanAccess({ resource: 'dishes', action: 'create' });
  const { data: category } = useGetOne<DishCategory>('dishCategories', { id: categoryId ?? 0 }, { enabled: categoryId !== null });
  return (
    <TopToolbar>
      {category ? (
        <Button component={LinkBase} to={dishCategoriesPath(category.restaurantId)} label="resources.dishes.backToCategories">
          <ArrowBackIcon />
        </Button>
      ) : null}
      {canAccess && categoryId !== null ? <CreateButton to={dishCreatePath(categoryId)} /> : null}
    </TopToolbar>
  );
};

const DishTitle = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const categoryId = categoryIdOf(filterValues);
  const { data: category } = useGetOne<DishCategory>('dishCategories', { id: categoryId ?? 0 }, { enabled: categoryId !== null });
  return (
    <>
      {category ? translate('resources.dishes.title', { category: category.name }) : translate('resources.dishes.name', { smart_count: 2 })}
    </>
  );
};

const Rows = () => {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // Those who may not edit dishes get neither the row editors nor the bulk actions.
  const { canAccess: canEdit } = useCanAccess({ resource: 'dishes', action: 'edit' });
  if (categoryIdOf(filterValues) === null) {
    return (
      <Typography sx={{ p: 2 }} role="status">
        {translate('resources.dishes.chooseCategory')}
      </Typography>
    );
  }
  return (
    <Box ref={rowCheckboxNames} sx={{ maxWidth: { xs: 'calc(100vw - 16px)', md: '100%' } }}>
      {/* The table scrolls sideways on a phone; the bulk toolbar above it (drawn over the list's actions) stays outside the scroll. */}
      <Datagrid
        rowClick={(id) => dishEditPath(id)}
        bulkActionButtons={canEdit ? <DishBulkActions /> : false}
        sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
      >
        <TextField source="name" />
        <TextField source="name_ru" />
        <NumberField source="position" />
        <FunctionField<Dish>
          source="price"
          render={(dish) => <InlineDishNumber field="price" shown={formatPrice(dish.price, dish.currency, locale)} />}
        />
        {/* Stock and enabled change in the row itself, saved at once: the most frequent edits of a menu. */}
        <FunctionField source="amount" sortable={false} render={() => <StockToggle />} />
        <FunctionField source="enabled" sortable={false} render={() => <DishEnabledToggle />} />
      </Datagrid>
    </Box>
  );
};

/** /dishes: the dishes of the saved category (kept with the list's filter), in position order. */
export const DishList = () => (
  <List
    title={<DishTitle />}
    actions={<DishActions />}
    sort={{ field: 'position', order: 'ASC' }}
    pagination={false}
    perPage={1000}
    empty={false}
  >
    <Rows />
  </List>
);
