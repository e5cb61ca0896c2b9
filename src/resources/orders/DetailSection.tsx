import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A titled block of the order detail. */
export const DetailSection = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => {
  const translate = useTranslate();
  return (
    <Card component="section" variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};

/** A labelled value of a block; nothing when there is no value. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  if (children === null || children === undefined || children === '') return null;
  return (
    <Typography variant="body2">
      <Typography component="span" variant="body2" color="text.secondary">
        {translate(label)}:
      </Typography>{' '}
      {children}
    </Typography>
  );
};
