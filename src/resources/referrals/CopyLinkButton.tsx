import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** Copies a link's deep link to the clipboard and says so in a toast ('Copied'). */
export const CopyLinkButton = ({ code, link }: { code: string; link: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate('resources.referrals.copy', { code });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify('resources.referrals.copied', { type: 'info' });
    } catch {
      notify('resources.referrals.copyFailed', { type: 'warning' });
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={copy} size="small" data-copy-link={code}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
