import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { maskBotToken, Role, type Bot } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { BotEdit } from '../../src/resources/bots/BotEdit';
import { BotList } from '../../src/resources/bots/BotList';
import { API, mockApi } from './mockApi';
import { renderScreen } from './renderScreen';

const dataProvider = createDataProvider(RESOURCES);
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const BOT: Bot = { id: 4, botToken: TOKEN, endpoint: null, city: { id: 1, name: 'London', name_ru: 'Лондон' }, cityId: 1 };

mockApi(
  http.get(`${API}/bots/4`, () => HttpResponse.json(BOT)),
  http.get(`${API}/bots`, () => HttpResponse.json([{ ...BOT, botToken: maskBotToken(TOKEN) }], { headers: { 'X-Total-Count': '1' } })),
  http.get(`${API}/cities/for_bots/4`, () => HttpResponse.json([{ id: 1, name: 'London', name_ru: 'Лондон' }])),
);

const tokenInput = () => document.querySelector<HTMLInputElement>('input[name="botToken"]');

describe('the bot token', () => {
  it('is masked on the bot’s settings until the admin reveals it, and can be hidden again', async () => {
    renderScreen(
      <ResourceContextProvider value="bots">
        <BotEdit />
      </ResourceContextProvider>,
      { as: { roleId: Role.ADMIN }, dataProvider, resource: 'bots', path: '/bots/4', route: '/bots/:id' },
    );
    await waitFor(() => expect(tokenInput()?.value).toBe(TOKEN));
    expect(tokenInput()?.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show the token' }));
    expect(tokenInput()?.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide the token' }));
    expect(tokenInput()?.type).toBe('password');
  }, 20_000);

  it('never shows in the list of bots, even masked', async () => {
    renderScreen(
      <ResourceContextProvider value="bots">
        <BotList />
      </ResourceContextProvider>,
      { as: { roleId: Role.ADMIN }, dataProvider, resource: 'bots', path: '/bots' },
    );
    await screen.findAllByText('London');
    expect(document.body.textContent).not.toContain(TOKEN.split(':')[1].slice(0, 8));
    expect(document.body.textContent).not.toContain(maskBotToken(TOKEN));
  }, 20_000);
});
