import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Notification, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { configFormErrors, formValidator, Role, tagSchema, toFormErrors } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { RestaurantEdit } from '../../src/resources/restaurants/RestaurantEdit';
import { TagEdit } from '../../src/resources/tags/TagEdit';
import { mockApi } from './mockApi';
import { fixtures, renderScreen } from './renderScreen';
import { restaurantSurroundings } from './restaurantFixtures';

const server = mockApi(...restaurantSurroundings);

const find = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"], textarea[name="${name}"]`);
const input = async (name: string) => {
  await waitFor(() => expect(find(name)).not.toBeNull());
  const found = find(name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
const helperOf = (name: string) => find(name)?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent ?? '';

describe('form-level rules answer messages the translator takes', () => {
  it('every message a validator builds carries its arguments, as react-admin needs to translate it', () => {
    const errors = formValidator(tagSchema)({ name: '' });
    expect(errors.name).toEqual({ message: 'validation.required', args: {} });
    for (const error of Object.values(configFormErrors({ deliveryMultiplier: 'x' }))) expect(error.args).toBeDefined();
  });

  it('any answer a rule gives becomes {message, args} under its dotted path', () => {
    expect(
      toFormErrors({
        name: 'validation.required',
        'districtRestaurants.0.price': { message: 'validation.required' },
        position: { message: 'validation.range', args: { min: 0, max: 10, nested: { no: 1 } } },
        // A message wrapped once more, and rows as a list: still one message per field.
        receipt_text: { message: { message: 'validation.text' } },
        workingDays: [{}, { schedule: 'validation.schedule' }],
        config: { timeShift: { message: 'validation.number', args: {} } },
        empty: '',
      }),
    ).toEqual({
      name: { message: 'validation.required', args: {} },
      'districtRestaurants.0.price': { message: 'validation.required', args: {} },
      position: { message: 'validation.range', args: { min: 0, max: 10 } },
      receipt_text: { message: 'validation.text', args: {} },
      'workingDays.1.schedule': { message: 'validation.schedule', args: {} },
      'config.timeShift': { message: 'validation.number', args: {} },
    });
    expect(toFormErrors(undefined)).toEqual({});
  });

  it('emptying the price of an enabled district says "Required" under the price, and the screen stands', { timeout: 30_000 }, async () => {
    renderScreen(<RestaurantEdit />, {
      as: { roleId: Role.ADMIN, cityId: 1 },
      dataProvider: createDataProvider(RESOURCES),
      resource: 'restaurants',
      path: '/restaurant/5',
      route: '/restaurant/:id',
    });
    const price = await input('districtRestaurants.0.price');
    await waitFor(() => expect(price.value).toBe('3'));
    fireEvent.change(price, { target: { value: '' } });
    await waitFor(() => expect(helperOf('districtRestaurants.0.price')).toBe('Required'));
    expect(find('name')).not.toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(server.listHandlers().length).toBeGreaterThan(0);
  });
});

describe('save messages name the record', () => {
  it('saving a tag says "Tag \'Spicy hot\' saved", not react-admin\'s "Element updated"', { timeout: 30_000 }, async () => {
    renderScreen(
      <ResourceContextProvider value="tags">
        <TagEdit />
        <Notification />
      </ResourceContextProvider>,
      {
        as: { roleId: Role.ADMIN, cityId: 1 },
        dataProvider: fixtures({ tags: [{ id: 1, name: 'Spicy', name_ru: 'Острое', cityId: 1 }] }),
        resource: 'tags',
        path: '/tags/1',
        route: '/tags/:id',
      },
    );
    const name = await input('name');
    await waitFor(() => expect(name.value).toBe('Spicy'));
    fireEvent.change(name, { target: { value: 'Spicy hot' } });
    const save = await screen.findByRole<HTMLButtonElement>('button', { name: 'Save' });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await screen.findByText("Tag 'Spicy hot' saved");
    expect(screen.queryByText('Element updated')).toBeNull();
  });
});

/** Every screen file of a resource folder but the shared ones, with its text. */
const resourceScreens = (): { path: string; text: string }[] =>
  Object.entries(import.meta.glob<string>('../../src/resources/*/*.tsx', { eager: true, query: '?raw', import: 'default' }))
    .filter(([path]) => !path.includes('/resources/common/'))
    .map(([path, text]) => ({ path, text }));

describe('every create and edit screen of a resource uses the shared ones', () => {
  it('no resource uses react-admin’s SimpleForm, Edit or Create directly (so none forgets the unsaved-changes warning or the named save message)', () => {
    const direct = resourceScreens()
      .filter(({ text }) => /<(SimpleForm|Edit|Create)[\s>]/.test(text))
      .map(({ path }) => path);
    expect(direct).toEqual([]);
  });
});
