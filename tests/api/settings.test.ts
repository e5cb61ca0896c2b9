import { describe, expect, it } from 'vitest';
import { CITY_CONFIG_KEYS } from '../../src/domain';
import { backends, createCity, type FieldErrorCase, useStaffApp } from './harness';

describe.each(backends)('settings checks and global settings on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  it('lists the missing global settings until an admin fills them in', async () => {
    expect((await call('admin', 'GET', '/superadmin/checkGlobalSettings')).json()).toEqual(['publicUrl', 'webhookSecret']);
    const put = await call('admin', 'PUT', '/superadmin/globalSettings', { publicUrl: 'https://food.example.com' });
    expect(put.json()).toEqual({ publicUrl: 'https://food.example.com', webhookSecret: '', secondFactorRoles: [] });
    expect((await call('admin', 'GET', '/superadmin/checkGlobalSettings')).json()).toEqual(['webhookSecret']);
    await call('admin', 'PUT', '/superadmin/globalSettings', { webhookSecret: 'a-long-secret-for-hooks' });
    expect((await call('admin', 'GET', '/superadmin/checkGlobalSettings')).json()).toEqual([]);
    expect((await call('admin', 'GET', '/superadmin/globalSettings')).json()).toEqual({
      publicUrl: 'https://food.example.com',
      webhookSecret: 'a-long-secret-for-hooks',
      secondFactorRoles: [],
    });
  });

  it('rejects invalid global settings with their messages', async () => {
    const cases: FieldErrorCase[] = [
      [{ publicUrl: 'food.example.com' }, 'publicUrl', 'must be an http(s) link'],
      [{ webhookSecret: 'short' }, 'webhookSecret', 'more than 16 and less than 257'],
      [{ webhookSecret: 'has spaces in it, sadly' }, 'webhookSecret', 'may hold only letters, digits, _ and -'],
      [{ publicUrl: 42 }, 'publicUrl', 'must be text'],
      [{ secondFactorRoles: [50] }, 'secondFactorRoles.0', 'must be chosen from the list'],
    ];
    await t.expectFieldErrors('PUT', '/superadmin/globalSettings', cases);
  });

  it('maps each city to the config keys it lacks', async () => {
    const complete = await createCity(t.db, 'Complete');
    await t.db
      .insertInto('city_configs')
      .values(CITY_CONFIG_KEYS.map((key) => ({ city_id: complete, key, value: key === 'telegramPaymentsStatus' ? '0' : 'x' })))
      .execute();
    const report = (await call('admin', 'GET', '/superadmin/checkCitiesConfigs')).json() as Record<string, string[]>;
    expect(report.Complete).toBeUndefined();
    const [seeded] = await t.db.selectFrom('cities').select('name').where('id', '=', t.ids.cityId).execute();
    // A city with no config lacks only what the bot needs (an inactive one, the reason too), not every optional key.
    expect(report[seeded.name]).toEqual([
      'cityLocales',
      'cityDisabledReason',
      'telegramPaymentsStatus',
      'deliveryMultiplier',
      'timeShift',
      'notifyChannelId',
      'courierChannelId',
    ]);

    // An empty value counts only where the other settings need it.
    await t.db
      .updateTable('city_configs')
      .set({ value: '' })
      .where('city_id', '=', complete)
      .where('key', 'in', ['mixPanelToken', 'providerToken'])
      .execute();
    expect(((await call('admin', 'GET', '/superadmin/checkCitiesConfigs')).json() as Record<string, string[]>).Complete).toBeUndefined();
    await t.db
      .updateTable('city_configs')
      .set({ value: '2' })
      .where('city_id', '=', complete)
      .where('key', '=', 'telegramPaymentsStatus')
      .execute();
    expect(((await call('admin', 'GET', '/superadmin/checkCitiesConfigs')).json() as Record<string, string[]>).Complete).toEqual([
      'providerToken',
    ]);
  });

  it('only admins run the checks and see or change global settings', async () => {
    for (const who of ['cityadmin', 'operator', 'owner']) {
      expect((await call(who, 'GET', '/superadmin/checkGlobalSettings')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', '/superadmin/checkCitiesConfigs')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', '/superadmin/globalSettings')).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', '/superadmin/globalSettings', { publicUrl: 'https://x.example' })).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/superadmin/checkGlobalSettings' })).statusCode).toBe(401);
  });
});
