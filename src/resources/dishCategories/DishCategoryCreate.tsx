import { useCanAccess } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { NotFound } from '../../layout/NotFound';
import { DishCategoryForm } from './DishCategoryForm';
import { dishCategoriesPath } from './paths';
import { RecordCreate } from '../common/RecordScreens';

/** The restaurant a new category goes to, from `?source={"restaurantId":N}` (the list's add button). */
const restaurantOf = (source: string | null): number | null => {
  try {
    const parsed: unknown = JSON.parse(source ?? 'null');
    if (typeof parsed === 'object' && parsed !== null && 'restaurantId' in parsed && typeof parsed.restaurantId === 'number')
      return parsed.restaurantId;
  } catch {
    return null;
  }
  return null;
};

/** /dishCategory: a new category of the restaurant it was added from, then back to its categories. */
export const DishCategoryCreate = () => {
  const [params] = useSearchParams();
  const restaurantId = restaurantOf(params.get('source'));
  const { canAccess, isPending } = useCanAccess({ resource: 'dishCategories', action: 'create' });
  if (isPending) return null;
  if (restaurantId === null || !canAccess) return <NotFound />;
  return (
    <RecordCreate resource="dishCategories" redirect={() => dishCategoriesPath(restaurantId)}>
      <DishCategoryForm create />
    </RecordCreate>
  );
};
