import { useState } from 'react';
import { type Identifier, type RaRecord } from 'react-admin';
import { NotFound } from '../../layout/NotFound';
import { DishCategoryForm } from './DishCategoryForm';
import { dishCategoriesPath } from './paths';
import { RecordEdit } from '../common/RecordScreens';

const back = (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) =>
  typeof data?.restaurantId === 'number' ? dishCategoriesPath(data.restaurantId) : '/';

/** /dishCategory/{id}: back to the restaurant's categories on save; another restaurant's category is no page. */
export const DishCategoryEdit = () => {
  const [missing, setMissing] = useState(false);
  if (missing) return <NotFound />;
  return (
    <RecordEdit resource="dishCategories" mutationMode="pessimistic" redirect={back} queryOptions={{ onError: () => setMissing(true) }}>
      <DishCategoryForm />
    </RecordEdit>
  );
};
