import { screen, waitFor } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import { TagList } from '../../src/resources/tags/TagList';
import { fixtures, renderScreen } from './renderScreen';

const tags = [
  { id: 1, name: 'Spicy', name_ru: 'Острое', cityId: 1 },
  { id: 2, name: 'Vegan', name_ru: 'Веган', cityId: 1 },
];

const list = () => fixtures({ tags });

const tagList = (
  <ResourceContextProvider value="tags">
    <TagList />
  </ResourceContextProvider>
);

describe('the tag list, per role', () => {
  it('a city admin sees their city’s tags with create and delete', async () => {
    renderScreen(tagList, { as: { roleId: Role.CITY_ADMIN, cityId: 1 }, dataProvider: list(), resource: 'tags', path: '/tags' });
    await waitFor(() => expect(screen.getAllByText('Spicy').length).toBeGreaterThan(0));
    expect(screen.getAllByRole('link', { name: /create/i }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: /delete/i }).length).toBe(tags.length);
  });

  it('an operator reads the same tags with no create, edit or delete', async () => {
    renderScreen(tagList, { as: { roleId: Role.OPERATOR, cityId: 1 }, dataProvider: list(), resource: 'tags', path: '/tags' });
    await waitFor(() => expect(screen.getAllByText('Vegan').length).toBeGreaterThan(0));
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /edit/i })).toBeNull();
  });
});
