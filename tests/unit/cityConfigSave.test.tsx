import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminContext, Edit } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { Role, type LoginResponse, type RoleId } from '../../src/domain';
import { authProvider } from '../../src/providers/authProvider';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { writeSession } from '../../src/providers/session';
import { CityConfigForm, CityForm } from '../../src/resources/cities/CityForm';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

const future = Math.floor(Date.now() / 1000) + 3600;
const session = (roleId: RoleId): LoginResponse => ({
  user: { id: 1, username: 'staff', roleId, cityId: 1, restaurantId: null, authKey: 'key' },
  jwtToken: `h.${btoa(JSON.stringify({ sub: 1, exp: future })).replace(/=+$/, '')}.s`,
});

/** London as stored: the cost jump switched off with its values kept, the top ten off with its interval; many keys never set. */
const STORED = [
  { key: 'deliveryMultiplier', value: '1.5' },
  { key: 'deliveryCostJump', value: 'false' },
  { key: 'deliveryCostJumpStart', value: '22:00' },
  { key: 'deliveryCostJumpEnd', value: '06:00' },
  { key: 'deliveryCostJumpAmount', value: '1.5' },
  { key: 'showTopTen', value: 'false' },
  { key: 'topInterval', value: '7' },
  { key: 'cityLocales', value: 'en' },
];

let written: unknown[] = [];
mockApi(
  http.get('http://localhost:3000/api/config/1', () => HttpResponse.json(STORED)),
  http.get('http://localhost:3000/api/cities/1', () =>
    HttpResponse.json({ id: 1, name: 'London', name_ru: '', chatname: '', currency: 'GBP', active: true }),
  ),
  http.put('http://localhost:3000/api/cities/1', async ({ request }) =>
    HttpResponse.json({ id: 1, ...((await request.json()) as object) }),
  ),
  http.put('http://localhost:3000/api/config/1', async ({ request }) => {
    const pairs = (await request.json()) as { key: string; value: string }[];
    written.push(pairs);
    const merged = new Map(STORED.map((p) => [p.key, p.value]));
    for (const p of pairs) merged.set(p.key, p.value);
    return HttpResponse.json([...merged].map(([key, value]) => ({ key, value })));
  }),
);

beforeEach(() => {
  written = [];
});

const renderForm = (resource: 'cityConfig' | 'cities', form: React.ReactNode) =>
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <Edit resource={resource} id={1} mutationMode="pessimistic" redirect={false}>
        {form}
      </Edit>
    </AdminContext>,
  );

const field = async (name: string) => {
  await waitFor(() => expect(document.querySelector(`[name="${name}"]`)).not.toBeNull());
  return document.querySelector(`[name="${name}"]`) as HTMLInputElement;
};

/** Save, once the change has made the form dirty. */
const save = async () => {
  const button = (await screen.findByRole('button', { name: 'Save' })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
};

describe('saving a city form', () => {
  it("sends only the operator's changed key: the greyed-out cost jump keeps its stored values", async () => {
    writeSession(session(Role.OPERATOR));
    renderForm('cityConfig', <CityConfigForm />);
    const multiplier = await field('config.deliveryMultiplier');
    await waitFor(() => expect(multiplier.value).toBe('1.5'));
    expect((await field('config.deliveryCostJumpStart')).disabled).toBe(true);
    fireEvent.change(multiplier, { target: { value: '2' } });
    await save();
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toEqual([{ key: 'deliveryMultiplier', value: '2' }]);
  });

  it("an admin's save writes no key that was never set, and keeps a switched-off group", async () => {
    writeSession(session(Role.ADMIN));
    renderForm('cities', <CityForm />);
    const timeShift = await field('config.timeShift');
    await waitFor(() => expect((document.querySelector('[name="name"]') as HTMLInputElement).value).toBe('London'));
    fireEvent.change(timeShift, { target: { value: '1' } });
    const topInterval = await field('config.topInterval');
    expect(topInterval.disabled).toBe(true);
    await save();
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toEqual([{ key: 'timeShift', value: '1' }]);
  });

  it('clearing a stored value writes it empty', async () => {
    writeSession(session(Role.OPERATOR));
    renderForm('cityConfig', <CityConfigForm />);
    const multiplier = await field('config.deliveryMultiplier');
    await waitFor(() => expect(multiplier.value).toBe('1.5'));
    fireEvent.change(multiplier, { target: { value: '' } });
    await save();
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toEqual([{ key: 'deliveryMultiplier', value: '' }]);
  });
});
