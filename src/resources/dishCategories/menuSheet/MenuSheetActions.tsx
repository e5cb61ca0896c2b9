import DescriptionIcon from '@mui/icons-material/Description';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Button, CircularProgress, Stack } from '@mui/material';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { useApiMutation } from '../../common/useApiQuery';
import { useFormat } from '../../common/useFormat';
import { downloadMenu } from './menuSheetApi';

const MenuImportDialog = lazy(() => import('./MenuImportDialog'));

const T = 'resources.dishCategories.menuSheet';

/**
 * The restaurant's menu as a spreadsheet, on its menu page: export and template for those who
 * see the menu, import for those who may change it (the API checks the same, and the restaurant).
 * `children` are the page's other actions (its add button).
 */
export const MenuSheetActions = ({ restaurantId, children }: { restaurantId: number; children?: ReactNode }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { locale } = useFormat();
  const { canAccess: mayRead } = useCanAccess({ resource: 'dishes', action: 'list' });
  const { canAccess: mayImport } = useCanAccess({ resource: 'dishes', action: 'edit' });
  const [importing, setImporting] = useState(false);
  const download = useApiMutation<string, boolean>({
    mutationFn: (template) => downloadMenu(restaurantId, locale, template),
    onSuccess: (name) => notify(`${T}.downloaded`, { type: 'info', messageArgs: { name } }),
    onError: (error) => notify(`${T}.downloadFailed`, { type: 'error', messageArgs: { message: error.message } }),
  });
  const busy = (template: boolean) => download.isPending && download.variables === template;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 1, pt: 1 }}>
      {mayRead ? (
        <>
          <Button
            size="small"
            onClick={() => download.mutate(false)}
            disabled={download.isPending}
            aria-busy={busy(false)}
            startIcon={busy(false) ? <CircularProgress size={16} /> : <FileDownloadIcon />}
          >
            {translate(`${T}.export`)}
          </Button>
          <Button
            size="small"
            onClick={() => download.mutate(true)}
            disabled={download.isPending}
            aria-busy={busy(true)}
            startIcon={busy(true) ? <CircularProgress size={16} /> : <DescriptionIcon />}
          >
            {translate(`${T}.template`)}
          </Button>
        </>
      ) : null}
      {mayImport ? (
        <Button size="small" onClick={() => setImporting(true)} startIcon={<FileUploadIcon />}>
          {translate(`${T}.import`)}
        </Button>
      ) : null}
      {children}
      {importing ? (
        <Suspense fallback={null}>
          <MenuImportDialog restaurantId={restaurantId} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
};
