import { useRedirect } from 'react-admin';
import { useTitledNotify } from '../common/notify';
import { ADMINS_PATH } from './paths';

/**
 * The toasts of a save (spec section 8): 'Data updated' titled 'Success', or 'Error while
 * updating data: {message}' titled 'Error' (in ru: 'Данные обновлены' / 'Успешно', 'Ошибка при
 * обновлении данных' / 'Ошибка'). A saved account leads back to the list.
 */
export function useStaffToasts() {
  const notify = useTitledNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify('success', 'resources.admins.saved.title', 'resources.admins.saved.message');
      redirect(ADMINS_PATH);
    },
    onError: (error: unknown) =>
      notify('error', 'resources.admins.failed.title', 'resources.admins.failed.message', {
        message: error instanceof Error ? error.message : String(error),
      }),
  };
}
