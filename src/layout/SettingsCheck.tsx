import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { settingsChecks } from '../providers/settingsChecks';
import { markSettingsChecked, readSession, settingsChecksDue } from '../providers/session';
import { cityEditPath, citySettingPath } from '../resources/cities/paths';
import { useCityName, type NamedCity } from '../resources/cities/useCityName';
import { useSession } from '../resources/common/useSession';

interface Notice {
  id: string;
  kind: 'global' | 'city';
  name: string;
  keys: string[];
  /** The city of a city notice: its name in the interface language and its page. */
  city?: NamedCity & { id: number };
}

/**
 * Right after an admin logs in: a notice per missing global setting and per city that truly
 * lacks settings, naming them and linking to them. The notices sit above the screen rather than
 * over it, so they hide nothing, and stay until closed; a city's notice steps aside on that
 * city's own page, whose setup checklist says the same.
 */
export const SettingsCheck = () => {
  const session = useSession();
  const checks = session.can('globalSettings', 'list');
  const translate = useTranslate();
  const cityName = useCityName();
  const { pathname } = useLocation();
  const [notices, setNotices] = useState<Notice[]>([]);

  useEffect(() => {
    if (!checks || !readSession() || !settingsChecksDue()) return;
    markSettingsChecked();
    let live = true;
    Promise.all([settingsChecks.missingGlobalSettings(), settingsChecks.missingCityConfig(), settingsChecks.cities()])
      .then(([settings, cities, known]) => {
        // The check names cities in English; their records give the ids and the Russian names.
        const byName = new Map(known.map((city) => [city.name, city]));
        if (!live) return;
        setNotices([
          ...settings.map((name) => ({ id: `global-${name}`, kind: 'global' as const, name, keys: [] })),
          ...Object.entries(cities).map(([name, keys]) => ({
            id: `city-${name}`,
            kind: 'city' as const,
            name,
            keys,
            city: byName.get(name),
          })),
        ]);
      })
      .catch(() => markSettingsChecked(false));
    return () => {
      live = false;
    };
  }, [checks]);

  const shown = notices.filter((notice) => !notice.city || pathname !== cityEditPath(notice.city.id));
  if (shown.length === 0) return null;
  const close = (id: string) => setNotices((all) => all.filter((notice) => notice.id !== id));
  const closeLabel = translate('resources.cities.notice.close');
  return (
    <Box
      component="section"
      aria-label={translate('resources.cities.notice.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}
    >
      {shown.map((notice) =>
        notice.kind === 'global' ? (
          <Alert
            key={notice.id}
            severity="error"
            onClose={() => close(notice.id)}
            slotProps={{ closeButton: { title: closeLabel, 'aria-label': closeLabel } }}
            data-settings-notice="global"
            action={
              <Button color="inherit" size="small" component={Link} to="/settings" onClick={() => close(notice.id)}>
                {translate('app.settings.open')}
              </Button>
            }
          >
            <AlertTitle>{translate('app.settings.missingGlobalTitle')}</AlertTitle>
            {translate(`app.settings.keys.${notice.name}`, { _: notice.name })}
          </Alert>
        ) : (
          <Alert
            key={notice.id}
            severity="warning"
            onClose={() => close(notice.id)}
            slotProps={{ closeButton: { title: closeLabel, 'aria-label': closeLabel } }}
            data-settings-notice="city"
            action={
              notice.city && notice.keys.length > 0 ? (
                <Button color="inherit" size="small" component={Link} to={citySettingPath(notice.city.id, notice.keys[0])}>
                  {translate('app.settings.open')}
                </Button>
              ) : undefined
            }
          >
            {translate('app.settings.missingCityConfig', {
              city: cityName(notice.city ?? { name: notice.name }),
              keys: notice.keys.map((key) => translate(`resources.cities.config.${key}`, { _: key })).join(', '),
            })}
          </Alert>
        ),
      )}
    </Box>
  );
};
