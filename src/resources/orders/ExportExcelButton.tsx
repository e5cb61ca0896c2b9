import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { downloadExport } from './orderExport';
import { useFormat } from '../common/useFormat';
import { useApiMutation } from '../common/useApiQuery';

/**
 * Downloads the filtered orders as an Excel file in the interface language; busy while it
 * downloads. When the server is making other exports it says so once, shows "Waiting in
 * queue…" and asks again after the time the server gave; leaving the screen abandons it.
 */
export const ExportExcelButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { locale } = useFormat();
  const { filterValues } = useListContext();
  const [queued, setQueued] = useState(false);
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const download = useApiMutation<string, undefined>({
    mutationFn: () => {
      let told = false;
      return downloadExport(filterValues, locale, {
        signal: leaving.current?.signal,
        onQueued: (message) => {
          setQueued(true);
          if (!told) notify('resources.orders.export.waiting', { type: 'info', messageArgs: { message } });
          told = true;
        },
      });
    },
    onSettled: () => setQueued(false),
    onError: (error) => {
      if (leaving.current?.signal.aborted) return;
      notify('resources.orders.export.failed', { type: 'error', messageArgs: { message: error.message } });
    },
  });
  // Waiting or downloading only while the call is on: `queued` is cleared a render after it settles.
  const label = !download.isPending
    ? 'resources.orders.export.button'
    : queued
      ? 'resources.orders.export.queued'
      : 'resources.orders.export.downloading';
  return (
    <Button
      size="small"
      onClick={() => download.mutate(undefined)}
      disabled={download.isPending}
      aria-busy={download.isPending}
      startIcon={download.isPending ? <CircularProgress size={16} /> : <DownloadIcon />}
    >
      {translate(label)}
    </Button>
  );
};
