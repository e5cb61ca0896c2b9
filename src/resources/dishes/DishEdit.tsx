import { useState } from 'react';
import { type Identifier, type RaRecord } from 'react-admin';
import { NotFound } from '../../layout/NotFound';
import { withStock } from './DishCreate';
import { DishForm } from './DishForm';
import { dishesPath } from './paths';
import { RecordEdit } from '../common/RecordScreens';

const back = (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) =>
  typeof data?.dishCategoryId === 'number' ? dishesPath(data.dishCategoryId) : '/dishes';

/** /dishes/{id}: back to its category's dishes on save; a dish outside the user's menu is no page. */
export const DishEdit = () => {
  const [missing, setMissing] = useState(false);
  if (missing) return <NotFound />;
  return (
    <RecordEdit mutationMode="pessimistic" transform={withStock} redirect={back} queryOptions={{ onError: () => setMissing(true) }}>
      <DishForm />
    </RecordEdit>
  );
};
