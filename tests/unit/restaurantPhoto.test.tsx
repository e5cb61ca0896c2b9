import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { RestaurantCreate } from '../../src/resources/restaurants/RestaurantCreate';
import { RestaurantEdit } from '../../src/resources/restaurants/RestaurantEdit';
import { renderScreen } from './renderScreen';
import { GREEN_GARDEN, NEW_RESTAURANT_INPUTS, restaurantSurroundings } from './restaurantFixtures';
import { API, mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

const server = mockApi(...restaurantSurroundings);

/** An upload the test finishes when it wants: the answer waits for `finish()`. */
const heldUpload = () => {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const calls: string[] = [];
  return { calls, finish: () => finish(), done };
};

const pick = async () => {
  await waitFor(() => expect(screen.getByTestId('photo-file')).toBeTruthy());
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'pixel.png', { type: 'image/png' });
  fireEvent.change(screen.getByTestId('photo-file'), { target: { files: [file] } });
};

const saveButton = () => screen.findByRole<HTMLButtonElement>('button', { name: 'Save' });

describe('the restaurant photo', () => {
  it('edit: the photo goes through PUT /restaurants/{id}/photo, and Save waits for it', async () => {
    const upload = heldUpload();
    server.use(
      http.put(`${API}/restaurants/5/photo`, async ({ request }) => {
        upload.calls.push(`${request.method} ${new URL(request.url).pathname}`);
        await upload.done;
        return HttpResponse.json({ ...GREEN_GARDEN, telegramFileId: 'stored-photo' });
      }),
    );
    renderScreen(<RestaurantEdit />, { dataProvider, resource: 'restaurants', path: '/restaurant/5', route: '/restaurant/:id' });
    const save = await saveButton();
    const description = document.querySelector('textarea[name="description"], input[name="description"]');
    if (!description) throw new Error('no description field');
    fireEvent.change(description, { target: { value: 'Fresh' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    await pick();
    await waitFor(() => expect(upload.calls).toEqual(['PUT /api/restaurants/5/photo']));
    expect(save.disabled).toBe(true);
    upload.finish();
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(screen.getByTestId<HTMLInputElement>('photo-link').value).toBe('stored-photo');
  });

  it('add: the uploaded file id is sent with the restaurant, and Save waits for the upload', async () => {
    const upload = heldUpload();
    let sent: Record<string, unknown> = {};
    server.use(
      http.post(`${API}/photo`, async () => {
        upload.calls.push('POST /api/photo');
        await upload.done;
        return HttpResponse.json(['new-file']);
      }),
      http.post(`${API}/restaurants`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...GREEN_GARDEN, id: 6 }, { status: 201 });
      }),
      http.get(`${API}/restaurants/6`, () => HttpResponse.json({ ...GREEN_GARDEN, id: 6 })),
    );
    renderScreen(<RestaurantCreate />, {
      as: { roleId: Role.CITY_ADMIN, cityId: 1 },
      dataProvider,
      resource: 'restaurants',
      path: '/restaurant',
    });
    const save = await saveButton();
    for (const [name, value] of Object.entries(NEW_RESTAURANT_INPUTS)) {
      const field = document.querySelector(`input[name="${name}"]`);
      if (!field) throw new Error(`no field ${name}`);
      fireEvent.change(field, { target: { value } });
    }
    await waitFor(() => expect(save.disabled).toBe(false));
    await pick();
    await waitFor(() => expect(upload.calls).toEqual(['POST /api/photo']));
    expect(save.disabled).toBe(true);
    upload.finish();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(sent.telegramFileId).toBe('new-file'));
  });
});
