import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SETTINGS_TOAST_MS } from '../domain';
import { settingsChecks } from '../providers/settingsChecks';
import { markSettingsChecked, readSession, settingsChecksDue } from '../providers/session';
import { useCityName, type NamedCity } from '../resources/cities/useCityName';
import { useSession } from '../resources/common/useSession';

interface Toast {
  id: string;
  kind: 'global' | 'city';
  name: string;
  keys: string[];
  /** The city of a city toast, for its name in the interface language. */
  city?: NamedCity;
}

/**
 * Right after an admin logs in: a red toast per missing global setting and a warning toast
 * per city that lacks config keys. All of them at once, each hiding after 20 s.
 */
export const SettingsCheck = () => {
  const session = useSession();
  const checks = session.can('globalSettings', 'list');
  const translate = useTranslate();
  const cityName = useCityName();
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    if (!checks || !readSession() || !settingsChecksDue()) return;
    markSettingsChecked();
    let timer: ReturnType<typeof setTimeout> | undefined;
    Promise.all([settingsChecks.missingGlobalSettings(), settingsChecks.missingCityConfig(), settingsChecks.cities()])
      .then(([settings, cities, known]) => {
        // The check names cities in English; their records give the Russian names too.
        const byName = new Map(known.map((city) => [city.name, city]));
        const found: Toast[] = [
          ...settings.map((name) => ({ id: `global-${name}`, kind: 'global' as const, name, keys: [] })),
          ...Object.entries(cities).map(([name, keys]) => ({
            id: `city-${name}`,
            kind: 'city' as const,
            name,
            keys,
            city: byName.get(name),
          })),
        ];
        setToasts(found);
        timer = setTimeout(() => setToasts([]), SETTINGS_TOAST_MS);
      })
      .catch(() => markSettingsChecked(false));
    return () => clearTimeout(timer);
  }, [checks]);

  if (toasts.length === 0) return null;
  const close = (id: string) => setToasts((all) => all.filter((toast) => toast.id !== id));
  return (
    <Box
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        left: { xs: 16, sm: 'auto' },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        maxWidth: { sm: 440 },
        maxHeight: '70vh',
        overflowY: 'auto',
      }}
    >
      {toasts.map((toast) =>
        toast.kind === 'global' ? (
          <Alert
            key={toast.id}
            severity="error"
            variant="filled"
            onClose={() => close(toast.id)}
            data-settings-toast="global"
            action={
              <Button color="inherit" size="small" component={Link} to="/settings" onClick={() => close(toast.id)}>
                {translate('app.settings.open')}
              </Button>
            }
          >
            <AlertTitle>{translate('app.settings.missingGlobalTitle')}</AlertTitle>
            {translate(`app.settings.keys.${toast.name}`, { _: toast.name })}
          </Alert>
        ) : (
          <Alert key={toast.id} severity="warning" variant="filled" onClose={() => close(toast.id)} data-settings-toast="city">
            {translate('app.settings.missingCityConfig', {
              city: cityName(toast.city ?? { name: toast.name }),
              keys: toast.keys.join(', '),
            })}
          </Alert>
        ),
      )}
    </Box>
  );
};
