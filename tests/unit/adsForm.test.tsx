import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { HttpError, Notification, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdStatus, Role, type Ad } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { AdCreate } from '../../src/resources/ads/AdCreate';
import { AdEdit } from '../../src/resources/ads/AdEdit';
import { fixtures, renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

// The date pickers load with the first screen that has a date: loaded once here, before the screens' timings start.
beforeAll(() => import('../../src/resources/common/dates/PickerField'), 60_000);

const apiDataProvider = createDataProvider(RESOURCES);

const server = mockApi();
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const restaurant = { id: 5, name: 'Green Garden', name_ru: 'Зелёный сад', cityId: 1, enabled: true };
const STORED: Ad = {
  id: 9,
  text: 'Two pizzas for one',
  restaurantId: 5,
  restaurant,
  publishDate: '2026-12-01T18:00:00.000Z',
  unpublishDate: '2026-12-02T18:00:00.000Z',
  publishTimestamp: '2026-12-01T18:00:00.000Z',
  unpublishTimestamp: '2026-12-02T18:00:00.000Z',
  telegramChatId: '-1001',
  telegramFileIds: [],
  videoFileId: null,
  status: AdStatus.CREATED,
  error: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const data = (ads: Ad[] = []) => fixtures({ ads, restaurants: [restaurant], cities: [{ id: 1, name: 'London', name_ru: 'Лондон' }] });

/** An answer the test releases when it wants, to look at the form while a file uploads. */
const held = () => {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release: () => release() };
};

/** The calls around the form: the ad chat, stored photos, and the uploads (ids answered as given). */
const surroundings = (answers: { photo?: Promise<void>; video?: Promise<void> } = {}) => [
  http.get(`${API}/advertisements/chat`, () => HttpResponse.json({ chatId: '-100123' })),
  http.get(`${API}/photo`, () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })),
  http.get(`${API}/video`, () => new HttpResponse(null, { status: 404 })),
  http.post(`${API}/photo`, async () => {
    await answers.photo;
    return HttpResponse.json(['photo_file_1', 'photo_file_2']);
  }),
  http.post(`${API}/video`, async () => {
    await answers.video;
    return HttpResponse.json(['video_file_1']);
  }),
];

const cityAdmin = { roleId: Role.CITY_ADMIN, cityId: 1 } as const;
const owner = { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 } as const;
const renderCreate = (dataProvider: DataProvider, as: { roleId: Role; cityId: number; restaurantId?: number } = cityAdmin) =>
  renderScreen(
    <>
      <AdCreate />
      <Notification />
    </>,
    { as, dataProvider, resource: 'ads', path: '/ads/add' },
  );
type Role = (typeof cityAdmin | typeof owner)['roleId'];

const field = (name: string) => {
  const found = document.querySelector<HTMLInputElement>(`input[name="${name}"], textarea[name="${name}"]`);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
/** The time fields, once their pickers have loaded. */
const times = () => waitFor(() => field('unpublishTimestamp'));
/** An input the user cannot change: read-only, or disabled as react-admin does for read-only times. */
const locked = (name: string) => field(name).readOnly || field(name).disabled;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const saveButton = () => screen.findByRole<HTMLButtonElement>('button', { name: 'Save' });
const pickFiles = (testId: string, files: File[]) => fireEvent.change(screen.getByTestId(testId), { target: { files } });
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const mp4 = () => new File([new Uint8Array([0, 0, 0, 24])], 'clip.mp4', { type: 'video/mp4' });

/** A valid ad typed in by a city admin, restaurant picked. */
async function fillValidAd() {
  await screen.findByTestId('ad-chat');
  await times();
  type('text', 'Two pizzas for one, tonight only');
  type('publishTimestamp', '01/10/2030 18:00');
  type('unpublishTimestamp', '01/11/2030 18:00');
  fireEvent.change(screen.getByRole('combobox', { name: /restaurant/i }), { target: { value: 'Green' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Green Garden' }));
}

describe('the ad form', () => {
  it('images hide the video uploader, Save waits for the upload, and the times are sent with their zone', async () => {
    const upload = held();
    server.use(...surroundings({ photo: upload.done }));
    let sent: Record<string, unknown> = {};
    const dataProvider = data();
    const create = dataProvider.create.bind(dataProvider);
    dataProvider.create = (resource, params) => {
      sent = params.data as Record<string, unknown>;
      return create(resource, params);
    };
    renderCreate(dataProvider);
    const save = await saveButton();
    await fillValidAd();
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(screen.getByTestId('ad-video')).toBeTruthy();
    pickFiles('ad-image-file', [png('a.png'), png('b.png')]);
    await waitFor(() => expect(save.disabled).toBe(true));
    // While images upload no video may start.
    expect(screen.queryByTestId('ad-video')).toBeNull();
    upload.release();
    await waitFor(() => expect(document.querySelectorAll('[data-ad-image]').length).toBe(2));
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(screen.queryByTestId('ad-video')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(sent.telegramFileIds).toEqual(['photo_file_1', 'photo_file_2']));
    expect(sent.publishTimestamp).toMatch(/^2030-01-10T18:00:00(Z|[+-]\d{2}:\d{2})$/);
    expect(Date.parse(String(sent.unpublishTimestamp)) - Date.parse(String(sent.publishTimestamp))).toBe(24 * 3600 * 1000);
    expect(sent.restaurantId).toBe(5);
    expect(sent.telegramChatId).toBe('-100123');
  });

  it('a video hides the image uploader, and taking it out brings it back', async () => {
    const upload = held();
    server.use(...surroundings({ video: upload.done }));
    renderCreate(data());
    const save = await saveButton();
    await fillValidAd();
    pickFiles('ad-video-file', [mp4()]);
    await waitFor(() => expect(screen.getByTestId('ad-video-progress')).toBeTruthy());
    expect(save.disabled).toBe(true);
    expect(screen.queryByTestId('ad-image-file')).toBeNull();
    upload.release();
    await waitFor(() => expect(screen.queryByTestId('ad-video-progress')).toBeNull());
    expect(screen.queryByTestId('ad-images')).toBeNull();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the video' }));
    await waitFor(() => expect(screen.getByTestId('ad-image-file')).toBeTruthy());
  });

  it.each([
    { kind: 'video', input: 'ad-video-file', file: mp4, text: 'Error while uploading video' },
    { kind: 'images', input: 'ad-image-file', file: () => png('a.png'), text: 'Error while uploading image' },
  ])('a failed upload of $kind says so in an error toast', async ({ input, file, text }) => {
    server.use(
      http.post(`${API}/video`, () =>
        HttpResponse.json({ code: 'NOT_A_VIDEO', message: 'clip.mp4 is not a video (MP4)' }, { status: 400 }),
      ),
      http.post(`${API}/photo`, () => HttpResponse.json({ code: 'NOT_AN_IMAGE', message: 'a.png is not an image' }, { status: 400 })),
      ...surroundings(),
    );
    renderCreate(data());
    await screen.findByTestId('ad-chat');
    pickFiles(input, [file()]);
    await screen.findByText(text);
    expect(document.querySelectorAll('[data-ad-image]').length).toBe(0);
  });

  it('a text of 1024 characters is refused as typed and Save stays off', async () => {
    server.use(...surroundings());
    renderCreate(data());
    const save = await saveButton();
    await fillValidAd();
    await waitFor(() => expect(save.disabled).toBe(false));
    type('text', 'x'.repeat(1024));
    await screen.findByText('The message length must be less than 1024 characters');
    expect(save.disabled).toBe(true);
    type('unpublishTimestamp', '01/09/2030 18:00');
    type('text', 'Short again');
    await screen.findByText('must be after the publish time');
    expect(save.disabled).toBe(true);
  });

  it('an owner inside the timeout sees the wait notice instead of the form', async () => {
    server.use(
      http.get(`${API}/advertisements/timeout`, () => HttpResponse.json({ timeout: 605 })),
      ...surroundings(),
    );
    renderCreate(data(), owner);
    const notice = await screen.findByTestId('ad-timeout');
    expect(notice.textContent).toContain('Your restaurant may publish its next ad in 10 min 5 s.');
    expect(document.querySelector('textarea[name="text"]')).toBeNull();
  });

  it('an owner free to post gets the form with their own restaurant and no picker', async () => {
    server.use(
      http.get(`${API}/advertisements/timeout`, () => HttpResponse.json({ timeout: 0 })),
      ...surroundings(),
    );
    renderCreate(data(), owner);
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('ad-restaurant').value).toBe('Green Garden'));
    expect(screen.queryByRole('combobox', { name: /restaurant/i })).toBeNull();
    expect(screen.queryByTestId('ad-timeout')).toBeNull();
  });

  it("a refused creation opens 'Cannot publish ads:' with the server's reason", async () => {
    server.use(...surroundings());
    const dataProvider = data();
    dataProvider.create = () =>
      Promise.reject(new HttpError('London has no ad chat (adChatId) yet', 409, { code: 'AD_NO_CHAT', args: { city: 'London' } }));
    renderCreate(dataProvider);
    const save = await saveButton();
    await fillValidAd();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Cannot publish ads:');
    expect(dialog.textContent).toContain('London has no ad chat (adChatId) yet');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a refusal in the user’s language', () => {
  it('an owner refused for posting too soon reads the reason in Russian, then the wait', async () => {
    let asked = 0;
    server.use(
      http.get(`${API}/advertisements/timeout`, () => HttpResponse.json({ timeout: asked++ === 0 ? 0 : 125 })),
      http.get(`${API}/restaurants/5`, () => HttpResponse.json(restaurant)),
      http.post(`${API}/advertisements`, () =>
        HttpResponse.json(
          {
            statusCode: 429,
            code: 'AD_TIMEOUT',
            error: 'Too Many Requests',
            message: 'Your restaurant may post its next ad in 2 min (125 s)',
            args: { minutes: 2, seconds: 125 },
          },
          { status: 429 },
        ),
      ),
      ...surroundings(),
    );
    await i18nProvider.changeLocale('ru');
    renderCreate(apiDataProvider, owner);
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('ad-restaurant').value).toBe('Зелёный сад'));
    await times();
    type('text', 'Две пиццы по цене одной');
    type('publishTimestamp', '10.01.2030 18:00');
    type('unpublishTimestamp', '11.01.2030 18:00');
    const save = await screen.findByRole<HTMLButtonElement>('button', { name: 'Сохранить' });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Не удалось опубликовать рекламу:');
    expect(dialog.textContent).toContain('Ваш ресторан сможет разместить следующую рекламу через 2 мин (125 с)');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    const notice = await screen.findByTestId('ad-timeout');
    expect(notice.textContent).toContain('через 2 мин 5 с');
  });
});

describe('editing an ad', () => {
  const renderEdit = (ad: Ad, as: { roleId: Role; cityId: number; restaurantId?: number } = cityAdmin) => {
    server.use(...surroundings());
    return renderScreen(<AdEdit />, { as, dataProvider: data([ad]), resource: 'ads', path: `/ads/${ad.id}`, route: '/ads/:id' });
  };

  it('a waiting ad with a video shows no image uploader; a city admin may delete it', async () => {
    renderEdit({ ...STORED, videoFileId: 'video_file_1' });
    await screen.findByTestId('ad-video');
    expect(screen.queryByTestId('ad-images')).toBeNull();
    expect(locked('text')).toBe(false);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('a published ad keeps its content but its unpublish time; an owner has no delete', async () => {
    renderEdit({ ...STORED, status: AdStatus.PUBLISHED, telegramFileIds: ['photo_file_1'] }, owner);
    await screen.findByTestId('ad-locked');
    await times();
    expect(locked('text')).toBe(true);
    expect(locked('publishTimestamp')).toBe(true);
    expect(locked('unpublishTimestamp')).toBe(false);
    expect(screen.queryByTestId('ad-image-file')).toBeNull();
    expect(screen.queryByRole('button', { name: /remove image/i })).toBeNull();
    expect(await saveButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('a finished ad changes no more: no Save', async () => {
    renderEdit({ ...STORED, status: AdStatus.FINISHED });
    const notice = await screen.findByTestId('ad-locked');
    expect(notice.textContent).toBe('This ad is finished and can no longer change.');
    await times();
    expect(locked('unpublishTimestamp')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
