import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { OrderList } from '../../src/resources/orders/OrderList';
import { exportFileName } from '../../src/resources/orders/orderExport';
import { API, orderApi, type SeenRequest } from './ordersFixtures';
import { renderScreen } from './renderScreen';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

let seen: SeenRequest[] = [];
const server = mockApi();

/** The files the page handed to the browser to save, by name. */
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  // jsdom has neither object URLs nor downloads: record what would be saved.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  seen = [];
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const list = (exportAnswer: Parameters<typeof http.get>[1]) => {
  server.use(http.get(`${API}/orders/export/excel`, exportAnswer), ...orderApi(seen));
  return renderScreen(
    <>
      <OrderList />
      <Notification />
    </>,
    { as: { roleId: Role.ADMIN }, dataProvider, resource: 'orders', path: '/orders?filter=%7B%22cityId%22%3A1%7D', route: '/orders' },
  );
};
const exportButton = () => screen.findByRole<HTMLButtonElement>('button', { name: 'Export to Excel' }, { timeout: 5000 });

describe('the Excel export', () => {
  it('downloads the filtered orders in the interface language under the name the server gives, busy meanwhile', async () => {
    let asked: URLSearchParams | null = null;
    list(async ({ request }) => {
      asked = new URL(request.url).searchParams;
      await delay(150);
      return new HttpResponse(new TextEncoder().encode('PK xlsx'), {
        headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="orders-2026-03-05.xlsx"' },
      });
    });
    fireEvent.click(await exportButton());
    // Read afresh each time: the toolbar may draw the button anew while the list settles.
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Downloading…' }).disabled).toBe(true));
    await waitFor(() => expect(saved).toEqual(['orders-2026-03-05.xlsx']));
    expect(asked).not.toBeNull();
    expect(Object.fromEntries(asked ?? [])).toEqual({ cityId: '1', locale: 'en', tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect((await exportButton()).disabled).toBe(false);
  });

  it('says when the export failed', async () => {
    list(() =>
      HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on the server' }, { status: 500 }),
    );
    fireEvent.click(await exportButton());
    expect(await screen.findByText('The export failed: Something went wrong on the server')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('waits its turn while the server makes other exports, saying so, then downloads', async () => {
    let asked = 0;
    // The second answer waits until the test has seen the waiting state, however slow the machine.
    let seenWaiting: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => (seenWaiting = resolve));
    list(async () => {
      asked += 1;
      if (asked > 1) await waited;
      if (asked === 1)
        return HttpResponse.json(
          {
            statusCode: 429,
            code: 'EXPORT_BUSY',
            message: 'The server is busy with other exports (running: 2): yours can start in about 1 s',
            args: { seconds: 1, running: 2 },
          },
          { status: 429, headers: { 'Retry-After': '1' } },
        );
      return new HttpResponse(new TextEncoder().encode('PK xlsx'), {
        headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="orders-late.xlsx"' },
      });
    });
    fireEvent.click(await exportButton());
    expect(
      await screen.findByText('Waiting in queue: The server is busy with other exports (running: 2): yours can start in about 1 s'),
    ).toBeTruthy();
    const waiting = await screen.findByRole<HTMLButtonElement>('button', { name: 'Waiting in queue…' });
    expect(waiting.disabled).toBe(true);
    expect(saved).toEqual([]);
    seenWaiting();
    await waitFor(() => expect(saved).toEqual(['orders-late.xlsx']), { timeout: 5000 });
    expect(asked).toBe(2);
    expect(screen.queryByText(/The export failed/)).toBeNull();
  });

  it('names the file orders and the time when the server names none', () => {
    expect(exportFileName(null, new Date(2026, 2, 5, 14, 2, 9))).toBe('orders20260305140209.xlsx');
    expect(exportFileName('attachment')).toMatch(/^orders\d{14}\.xlsx$/);
    expect(exportFileName("attachment; filename*=UTF-8''%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B.xlsx")).toBe('заказы.xlsx');
    expect(exportFileName('attachment; filename=orders.xlsx')).toBe('orders.xlsx');
  });
});
