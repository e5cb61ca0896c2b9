import { useCanAccess, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { stockAmount } from '../../domain';
import { NotFound } from '../../layout/NotFound';
import { DishForm } from './DishForm';
import { dishesPath } from './paths';
import { RecordCreate } from '../common/RecordScreens';

/** The category a new dish goes to, from `?source={"dishCategoryId":N}` (the list's add button). */
const categoryOf = (source: string | null): number | null => {
  try {
    const parsed: unknown = JSON.parse(source ?? 'null');
    if (typeof parsed === 'object' && parsed !== null && 'dishCategoryId' in parsed && typeof parsed.dishCategoryId === 'number')
      return parsed.dishCategoryId;
  } catch {
    return null;
  }
  return null;
};

/** The stock the API takes: null unless its checkbox is on, 0 when on and left empty. */
export const withStock = (data: RaRecord): RaRecord => {
  const amount: unknown = data.amount;
  return { ...data, amount: stockAmount(data.limitedStock === true, typeof amount === 'number' ? amount : null) };
};

/** /dishes/add: a new dish of the category it was added from, then back to that category's dishes. */
export const DishCreate = () => {
  const [params] = useSearchParams();
  const dishCategoryId = categoryOf(params.get('source'));
  const { canAccess, isPending } = useCanAccess({ resource: 'dishes', action: 'create' });
  if (isPending) return null;
  if (dishCategoryId === null || !canAccess) return <NotFound />;
  return (
    <RecordCreate resource="dishes" transform={withStock} redirect={() => dishesPath(dishCategoryId)}>
      <DishForm create dishCategoryId={dishCategoryId} />
    </RecordCreate>
  );
};
