import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, useStaffApp } from './harness';
import { createCustomer, createOrder, seedOrders } from './orderFixtures';

type Seeded = Awaited<ReturnType<typeof seedOrders>>;

describe.each(backends)('order export on %s', (backend) => {
  const t = useStaffApp(backend);
  let s: Seeded;
  beforeAll(async () => {
    s = await seedOrders(t);
  });

  const download = async (who: string, query: string) => {
    const response = await t.call(who, 'GET', `/orders/export/excel${query}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([response.rawPayload]));
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: Record<string, ExcelJS.Cell>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      rows.push(Object.fromEntries(header.map((name, i) => [String(name), row.getCell(i + 1)])));
    });
    return { response, sheet, header, rows };
  };

  it('writes the filtered orders as a workbook: headers in the asked language, money as numbers, dates as dates', async () => {
    const { response, sheet, header, rows } = await download('admin', `?locale=ru&cityId=${t.ids.cityId}&from=2026-03-11&to=2026-03-11`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.xlsx"$/);
    expect(sheet.name).toBe('Заказы');
    expect(header).toEqual(expect.arrayContaining(['Заказ', 'Дата', 'Ресторан', 'Сумма', 'Доставка', 'Итого', 'Статус', 'Оплата']));
    // The day's orders of the first city, newest first: delivered, cooked, paid, cancelled (list and export agree).
    const list = (await t.call('admin', 'GET', `/orders?cityId=${t.ids.cityId}&from=2026-03-11&to=2026-03-11`)).json<
      { threadId: string }[]
    >();
    expect(rows.map((r) => r['Заказ'].value)).toEqual(list.map((o) => o.threadId));
    const delivered = rows.find((r) => r['Заказ'].value === s.orders.delivered.threadId);
    expect(delivered?.['Сумма'].value).toBe(20.25);
    expect(delivered?.['Итого'].value).toBe(23.25);
    expect(delivered?.['Сумма'].numFmt).toBe('#,##0.00 "EUR"');
    expect(delivered?.['Дата'].value).toBeInstanceOf(Date);
    expect((delivered?.['Дата'].value as Date).toISOString()).toBe(s.day2.toISOString());
    expect(delivered?.['Статус'].value).toBe('Доставлен');
    expect(delivered?.['Оплата'].value).toBe('Карта');
  });

  it('shows dates in the asked time zone, and refuses an unknown one', async () => {
    const { rows } = await download('admin', `?tz=Europe/Madrid&rests=${t.ids.restaurantId}&from=2026-03-10&to=2026-03-10`);
    expect(rows).toHaveLength(2);
    // 12:00 UTC is 13:00 in Madrid in March.
    expect((rows[0]['Date'].value as Date).toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect((await t.call('admin', 'GET', '/orders/export/excel?tz=Mars/Olympus')).statusCode).toBe(400);
    expect((await t.call('admin', 'GET', '/orders/export/excel?locale=fr')).statusCode).toBe(400);
  });

  it('exports only the owner restaurant, with masked phones, and the city of city roles', async () => {
    const owner = await download('owner', '?numbers=true');
    expect(owner.rows).toHaveLength(5);
    expect(new Set(owner.rows.map((r) => r['Restaurant'].value))).toEqual(new Set(['Test kitchen']));
    expect(new Set(owner.rows.map((r) => r['Phone'].value))).toEqual(new Set(['+••••••••••23']));
    const operator = await download('operator', '?numbers=true');
    expect(operator.rows).toHaveLength(6);
    expect(operator.rows[0]['Phone'].value).toBe('+447700900123');
    const withoutNumbers = await download('operator', '');
    expect(withoutNumbers.rows.every((r) => r['Phone'].value === null || r['Phone'].value === undefined)).toBe(true);
    expect((await t.call('operator', 'GET', `/orders/export/excel?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
  });

  it('walks a long range in batches without losing or repeating an order', async () => {
    const customer = await createCustomer(t.db, t.ids.otherCityId);
    const base = new Date('2024-06-01T00:00:00Z').getTime();
    // Same-millisecond timestamps across the batch boundary: the keyset must still see each once.
    // Fifty at a time: all 2100 at once would wait on the pool longer than its connect timeout.
    for (let start = 0; start < 2100; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          createOrder(t.db, {
            cityId: t.ids.otherCityId,
            restaurantId: s.otherRestaurantId,
            userId: customer,
            createdAt: new Date(base + Math.floor((start + k) / 3) * 1000),
            currency: 'RUB',
          }),
        ),
      );
    }
    const { rows } = await download('admin', '?from=2024-06-01&to=2024-06-30');
    expect(rows).toHaveLength(2100);
    expect(new Set(rows.map((r) => r['Order'].value)).size).toBe(2100);
  }, 120_000);
});
