import FileUploadIcon from '@mui/icons-material/FileUpload';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { MenuImportPreview, MenuImportResult } from '../../../domain/menuSheet';
import { useApiMutation } from '../../common/useApiQuery';
import { useFormat } from '../../common/useFormat';
import { ImportPreview } from './ImportPreview';
import { applyImport, errorCode, previewImport } from './menuSheetApi';

const T = 'resources.dishCategories.menuSheet';

const changedCount = (part: MenuImportResult['summary']['dishes']) => part.added + part.changed + part.removed;

/**
 * Import of a menu sheet: choose the file, read its preview (what changes, what is refused),
 * then confirm it: the server checks the file again against the menu as it then is and writes
 * all of it or nothing. A menu changed meanwhile brings the preview again.
 */
export default function MenuImportDialog({ restaurantId, onClose }: { restaurantId: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { locale } = useFormat();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const inputId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const previewing = useApiMutation<MenuImportPreview, File>({ mutationFn: (chosen) => previewImport(restaurantId, chosen) });
  const applying = useApiMutation<MenuImportResult, { chosen: File; version: string }>({
    mutationFn: ({ chosen, version }) => applyImport(restaurantId, chosen, version),
    onSuccess: ({ summary }) => {
      notify(`${T}.done`, {
        type: 'success',
        messageArgs: { categories: changedCount(summary.categories), dishes: changedCount(summary.dishes) },
      });
      refresh();
      onClose();
    },
    onError: (error, { chosen }) => {
      if (errorCode(error) !== 'MENU_CHANGED') return;
      notify(`${T}.changedSince`, { type: 'warning' });
      previewing.mutate(chosen);
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after it was corrected.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    applying.reset();
    previewing.mutate(chosen);
  };

  const preview = previewing.isPending ? undefined : previewing.data;
  const { categories, dishes } = preview?.summary ?? {};
  const changes = categories && dishes ? changedCount(categories) + changedCount(dishes) : 0;
  const mayConfirm = !!preview && !!file && preview.refused.length === 0 && changes > 0 && !applying.isPending;
  const failure = previewing.error ?? (errorCode(applying.error) === 'MENU_CHANGED' ? null : applying.error);

  return (
    <Dialog
      open
      onClose={applying.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{translate(`${T}.title`)}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate(`${T}.intro`)}
        </Typography>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          onChange={choose}
          data-testid="menu-sheet-file"
        />
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<FileUploadIcon />} disabled={applying.isPending}>
          {translate(`${T}.choose`)}
        </Button>
        {file ? (
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {translate(`${T}.chosen`, { name: file.name })}
          </Typography>
        ) : null}
        {previewing.isPending ? (
          <Typography role="status" sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={16} /> {translate(`${T}.reading`)}
          </Typography>
        ) : null}
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure.message}
          </Alert>
        ) : null}
        {preview ? (
          <div style={{ marginTop: 16 }}>
            <ImportPreview preview={preview} locale={locale} />
          </div>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={applying.isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => file && preview && applying.mutate({ chosen: file, version: preview.version })}
          disabled={!mayConfirm}
          aria-busy={applying.isPending}
          startIcon={applying.isPending ? <CircularProgress size={16} /> : null}
        >
          {translate(applying.isPending ? `${T}.applying` : `${T}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
