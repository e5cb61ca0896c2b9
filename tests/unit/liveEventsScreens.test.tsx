import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { Notification } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MailingStatus, NO_AUDIENCE_RECORD, Role, type LiveEvent, type Mailing } from '../../src/domain';
import { LiveIndicator } from '../../src/layout/LiveIndicator';
import { LiveUpdates } from '../../src/layout/LiveUpdates';
import { refreshFor, useLiveRefresh } from '../../src/layout/useLiveRefresh';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { liveState, publishLiveEvent, resetLiveHub, setLiveState, subscribeLiveEvents } from '../../src/providers/liveEventsHub';
import { readSession } from '../../src/providers/session';
import { MailingList } from '../../src/resources/spam/MailingList';
import { renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

/** The mailing progress and the app bar's indicator as the live stream drives them. */
const server = mockApi();
beforeEach(() => resetLiveHub());

const sending: Mailing = {
  id: 3,
  cityId: 1,
  text: 'Fresh dumplings today',
  photoId: null,
  createdAt: '2026-03-05T14:02:00.000Z',
  status: MailingStatus.PROCESSING,
  position: 25,
  count: 100,
  config: { bindedButton: null },
  lastActiveDate: null,
  audience: NO_AUDIENCE_RECORD,
  startedAt: '2026-03-05T14:03:00.000Z',
  finishedAt: null,
  failure: null,
  lastError: null,
  blocked: 0,
  undelivered: 0,
  unconfirmed: 0,
  stoppedBy: null,
};

let nextEventId = 1;
const live = (fields: Partial<LiveEvent>) =>
  act(() =>
    publishLiveEvent({
      id: nextEventId++,
      type: 'mailing.progress',
      at: new Date().toISOString(),
      cityId: 1,
      restaurantId: null,
      ...fields,
    }),
  );

const LiveRefresh = () => {
  useLiveRefresh();
  return null;
};

describe('the mailing progress, live', () => {
  let stored: Mailing = sending;
  let listCalls = 0;
  const renderMailings = (withRefresh: boolean) => {
    stored = { ...sending };
    listCalls = 0;
    server.use(
      http.get(`${API}/spam`, () => {
        listCalls += 1;
        return HttpResponse.json([stored], { headers: { 'x-total-count': '1' } });
      }),
    );
    renderScreen(
      <>
        {withRefresh ? <LiveRefresh /> : null}
        <MailingList cityId={1} />
        <Notification />
      </>,
      { as: { roleId: Role.CITY_ADMIN, cityId: 1 }, dataProvider, resource: 'spam', path: '/spam' },
    );
  };
  const bar = () => screen.getByRole('progressbar');

  it('moves the bar with each progress event at once, from the event alone; never back, never another mailing’s', async () => {
    renderMailings(false);
    const progress = await screen.findByTestId('mailing-progress', undefined, { timeout: 5000 });
    expect(progress.textContent).toContain('25 of 100');
    expect(bar().getAttribute('aria-valuenow')).toBe('25');
    const callsBefore = listCalls;

    live({ mailingId: 3, position: 40, count: 100, status: MailingStatus.PROCESSING });
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByTestId('mailing-progress').textContent).toContain('40 of 100');
    live({ mailingId: 9, position: 90, count: 100 });
    live({ mailingId: 3, position: 30, count: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bar().getAttribute('aria-valuenow')).toBe('40');
    expect(listCalls).toBe(callsBefore);
  });

  it('asks the list again for what the event does not carry, once for a burst and once after it (at most every 2 s)', async () => {
    renderMailings(true);
    await screen.findByTestId('mailing-progress', undefined, { timeout: 5000 });
    const callsBefore = listCalls;
    for (const position of [40, 41, 42]) {
      stored = { ...sending, position };
      live({ mailingId: 3, position, count: 100, status: MailingStatus.PROCESSING });
    }
    await waitFor(() => expect(listCalls).toBe(callsBefore + 1));
    stored = { ...sending, position: 100, status: MailingStatus.FINISHED, blocked: 3 };
    live({ mailingId: 3, position: 100, count: 100, status: MailingStatus.FINISHED });
    await waitFor(() => expect(screen.getByTestId('mailing-status').textContent).toBe('Finished'));
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    // The blocked count is the list's, not the event's: it comes with the trailing refetch.
    await waitFor(() => expect(screen.getByText(/3 had blocked the bot/)).toBeTruthy());
    expect(listCalls).toBe(callsBefore + 2);
  });
  it('keeps the stop dialog and its answer when the stop (or the end of the sending) arrives live before the answer', async () => {
    renderMailings(false);
    server.use(
      http.delete(`${API}/spam/:id`, async () => {
        // The stop's own event comes before the answer.
        live({ mailingId: 3, position: 30, count: 100, status: MailingStatus.FAILED });
        await new Promise((resolve) => setTimeout(resolve, 50));
        // The server keeps the stop: the list asked again after the answer says so too.
        stored = { ...sending, status: MailingStatus.FAILED, failure: 'stopped', stoppedBy: 'cityadmin' };
        return HttpResponse.json(stored);
      }),
    );
    await screen.findByTestId('mailing-progress', undefined, { timeout: 5000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The mailing was stopped');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull());
  });
});

describe('the live indicator', () => {
  it('says whether the live connection is up, in the user’s words', async () => {
    renderScreen(<LiveIndicator />, { dataProvider, resource: 'orders', path: '/orders' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Not live');
    act(() => setLiveState('open'));
    expect(status.textContent).toBe('Live');
    expect(status.dataset.liveState).toBe('open');
    act(() => setLiveState('reconnecting'));
    expect(status.textContent).toBe('Reconnecting…');
    act(() => setLiveState('expired'));
    expect(status.textContent).toBe('Not live');
  });
});

describe('the layout’s live updates', () => {
  it('open the stream with the stored login once the first screen has loaded, hand its events on, and close it when the layout goes', async () => {
    const requests: Request[] = [];
    let aborted = false;
    const encoder = new TextEncoder();
    server.use(
      http.get(`${API}/events`, ({ request }) => {
        requests.push(request);
        request.signal.addEventListener('abort', () => {
          aborted = true;
        });
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            const data = {
              id: 5,
              type: 'order.created',
              at: '2026-03-10T12:00:00.000Z',
              cityId: 1,
              restaurantId: 5,
              orderId: 40,
              threadId: 'AB12CD34E',
            };
            controller.enqueue(encoder.encode(`retry: 3000\n\nid: 5\nevent: order.created\ndata: ${JSON.stringify(data)}\n\n`));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const heard: LiveEvent[] = [];
    subscribeLiveEvents((event) => heard.push(event));
    const { unmount } = renderScreen(<LiveUpdates />, { dataProvider, resource: 'orders', path: '/orders' });
    expect(liveState()).toBe('connecting');
    await waitFor(() => expect(heard).toHaveLength(1), { timeout: 5000 });
    expect(heard[0]).toMatchObject({ id: 5, type: 'order.created', orderId: 40 });
    expect(liveState()).toBe('open');
    expect(requests).toHaveLength(1);
    expect(requests[0].headers.get('authorization')).toBe(`Bearer ${readSession()?.jwtToken}`);
    expect(requests[0].headers.get('accept')).toBe('text/event-stream');

    unmount();
    expect(liveState()).toBe('closed');
    await waitFor(() => expect(aborted).toBe(true));
  });
});

describe('what each live event refreshes', () => {
  it('marks stale the queries of the order, its chat and timeline, the reviews, and asks for the mailings', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const mailings = vi.fn();
    const keys = (type: LiveEvent['type'], fields: Partial<LiveEvent> = {}) => {
      invalidate.mockClear();
      refreshFor(queryClient, { id: 1, type, at: '2026-03-10T12:00:00.000Z', cityId: 1, restaurantId: 5, ...fields }, mailings);
      return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    };
    const order = { orderId: 11, threadId: 'AB12CD34E' };
    const orderKeys = [
      ['orders', 'getList'],
      ['orders', 'getOne'],
      ['orders', 'getMany'],
      ['orders', 'timeline', 11],
    ];
    expect(keys('order.created', order)).toEqual(orderKeys);
    expect(keys('order.updated', { ...order, status: 40 })).toEqual(orderKeys);
    expect(keys('message.created', { ...order, messageId: 5 })).toEqual([
      ['orders', 'chat', 'AB12CD34E'],
      ['orders', 'getOne', { id: 'AB12CD34E' }],
      ['orders', 'timeline', 11],
    ]);
    expect(keys('review.created', { reviewId: 3 })).toEqual([['reviews']]);
    expect(mailings).not.toHaveBeenCalled();
    expect(keys('mailing.progress', { mailingId: 3, position: 1, count: 2 })).toEqual([]);
    expect(mailings).toHaveBeenCalledTimes(1);
  });
});
