import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { downloadExport } from './orderApi';
import { useFormat } from '../common/useFormat';
import { useApiMutation } from '../common/useApiQuery';

/** Downloads the filtered orders as an Excel file in the interface language; busy while it downloads. */
export const ExportExcelButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { locale } = useFormat();
  const { filterValues } = useListContext();
  const download = useApiMutation<string, undefined>({
    mutationFn: () => downloadExport(filterValues, locale),
    onError: (error) => notify('resources.orders.export.failed', { type: 'error', messageArgs: { message: error.message } }),
  });
  return (
    <Button
      size="small"
      onClick={() => download.mutate(undefined)}
      disabled={download.isPending}
      aria-busy={download.isPending}
      startIcon={download.isPending ? <CircularProgress size={16} /> : <DownloadIcon />}
    >
      {translate(download.isPending ? 'resources.orders.export.downloading' : 'resources.orders.export.button')}
    </Button>
  );
};
