import { Box } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import { useState, type MouseEvent } from 'react';
import { Button, Datagrid, FunctionField, LinkBase, List, NumberField, TextField, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { DishCategory } from '../../domain';
import { NotFound } from '../../layout/NotFound';
import { CreateAction } from '../common/CreateAction';
import { dishesPath } from '../dishes/paths';
import { EnabledToggle } from './EnabledToggle';
import { MenuSheetActions } from './menuSheet/MenuSheetActions';
import { dishCategoryCreatePath, dishCategoryEditPath, pathId } from './paths';

const stop = (event: MouseEvent) => event.stopPropagation();

/** "22:00–02:00", or 'Always' without a window. */
export const DisplayWindow = ({ category }: { category: DishCategory }) => {
  const translate = useTranslate();
  return (
    <>
      {category.startDisplayingAt && category.stopDisplayingAt
        ? `${category.startDisplayingAt}–${category.stopDisplayingAt}`
        : translate('resources.dishCategories.always')}
    </>
  );
};

/** /dishCategories/{restaurantId}: the restaurant's categories in position order; the add button for those who may add. */
export const DishCategoryList = () => {
  const restaurantId = pathId(useParams().restaurantId);
  const [missing, setMissing] = useState(false);
  if (restaurantId === null || missing) return <NotFound />;
  return (
    <List
      key={restaurantId}
      resource="dishCategories"
      filter={{ restaurantId }}
      storeKey={false}
      title="resources.dishCategories.title"
      actions={
        <MenuSheetActions restaurantId={restaurantId}>
          <CreateAction to={dishCategoryCreatePath(restaurantId)} />
        </MenuSheetActions>
      }
      sort={{ field: 'position', order: 'ASC' }}
      pagination={false}
      perPage={1000}
      empty={false}
      // A restaurant the user may not see is no page of theirs.
      queryOptions={{ onError: () => setMissing(true) }}
    >
      <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 16px)', md: '100%' } }}>
        <Datagrid rowClick={(id) => dishCategoryEditPath(id)} bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="name_ru" />
          <NumberField source="position" />
          <FunctionField<DishCategory>
            label="resources.dishCategories.fields.displayWindow"
            render={(category) => <DisplayWindow category={category} />}
          />
          <FunctionField
            label="resources.dishCategories.fields.enabled"
            render={() => <EnabledToggle label="resources.dishCategories.fields.enabled" />}
          />
          <FunctionField<DishCategory>
            label="ra.action.edit"
            render={(category) => (
              <Button component={LinkBase} to={dishCategoryEditPath(category.id)} label="ra.action.edit" onClick={stop}>
                <EditIcon />
              </Button>
            )}
          />
          <FunctionField<DishCategory>
            label="resources.dishCategories.dishes"
            render={(category) => (
              <Button
                component={LinkBase}
                to={dishesPath(category.id)}
                label={`${category.dishCount}`}
                aria-label={`${category.name}: ${category.dishCount}`}
                onClick={stop}
              >
                <FastfoodIcon />
              </Button>
            )}
          />
        </Datagrid>
      </Box>
    </List>
  );
};
