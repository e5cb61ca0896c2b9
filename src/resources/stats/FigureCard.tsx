import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * One figure of the statistics in its card: its title, then the figure once it came, a
 * placeholder while it loads, or the reason it could not be had (the other cards carry on).
 */
export function FigureCard<T>({
  title,
  figure,
  wide = false,
  span = 1,
  children,
}: {
  title: string;
  figure: { data?: T; isPending: boolean; error?: unknown };
  /** The whole row. */
  wide?: boolean;
  /** Columns taken where the grid has room for them. */
  span?: 1 | 2;
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  const body = figure.error ? (
    <Typography color="error" variant="body2">
      {translate('resources.stats.error')}
    </Typography>
  ) : figure.data === undefined ? (
    // A bare placeholder may not carry a name: as a progress bar it says the figure is on its way.
    <Skeleton variant="rounded" height={wide ? 300 : 56} role="progressbar" aria-label={translate('resources.stats.loading')} />
  ) : (
    children(figure.data)
  );
  return (
    <Card
      variant="outlined"
      sx={{ gridColumn: wide ? '1 / -1' : { xs: 'auto', sm: `span ${span}` }, minWidth: 0 }}
      component="section"
      aria-label={title}
    >
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

/** A labelled number, as the cards show their counts. */
export const Figure = ({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) => (
  <div>
    <Typography variant="h5" component="p" data-testid={testId}>
      {value}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
  </div>
);
