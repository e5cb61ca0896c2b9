import { describe, expect, it } from 'vitest';
import { checkTexts, flattenTexts, liveTexts, nestTexts, placeholdersOf } from '../../src/domain/language';
import { RESOURCE_TEXTS, shippedTexts } from '../../src/i18n/resourceTexts';
import { RESOURCES } from '../../src/resources';

describe('the catalogue of shipped texts', () => {
  it('holds the texts of every resource of the app, found by its folder', () => {
    expect(Object.keys(RESOURCE_TEXTS).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
  });

  it('offers the app’s own keys in every language, without react-admin’s', () => {
    const en = shippedTexts('en');
    expect(en['menu.orders']).toBe('Orders');
    expect(en['resources.tags.name']).toBe('Tag |||| Tags');
    expect(en['errors.FORBIDDEN']).toBe('You are not allowed to do this');
    expect(en['validation.required']).toBe('Required');
    expect(Object.keys(en).filter((key) => key.startsWith('ra.'))).toEqual([]);
    for (const locale of ['ru', 'es'] as const) expect(Object.keys(shippedTexts(locale)), locale).toEqual(Object.keys(en));
    expect(shippedTexts('ru')['menu.orders']).toBe('Заказы');
    expect(shippedTexts('es')['menu.orders']).toBe('Pedidos');
  });
});

describe('texts by dotted key', () => {
  it('flatten and nest back to the same messages', () => {
    const tree = { menu: { orders: 'Orders', nested: { deep: 'Deep %{n}' } }, title: 'Title' };
    const flat = flattenTexts(tree);
    expect(flat).toEqual({ 'menu.orders': 'Orders', 'menu.nested.deep': 'Deep %{n}', title: 'Title' });
    expect(nestTexts(flat)).toEqual(tree);
    expect(() => flattenTexts({ 'a.b': 'x' })).toThrow(/dot/);
    expect(() => flattenTexts({ a: 1 })).toThrow(/not text/);
  });

  it('name the placeholders a text fills in, once each', () => {
    expect(placeholdersOf('%{smart_count} text |||| %{smart_count} texts of %{city}')).toEqual(['city', 'smart_count']);
    expect(placeholdersOf('No placeholder, 100%')).toEqual([]);
  });

  it('refuse unknown keys and changed placeholders, and keep only saved texts that still apply', () => {
    const shipped = { 'home.title': 'Welcome, %{username}', 'menu.orders': 'Orders' };
    expect(checkTexts({ 'home.title': 'Hi %{username}', 'menu.orders': 'All orders' }, shipped)).toEqual([]);
    expect(checkTexts({ 'home.title': 'Hi', 'menu.nope': 'x', 'menu.orders': '%{x}' }, shipped).map((e) => [e.field, e.message])).toEqual([
      ['data.home.title', 'must hold exactly the placeholders %{username}'],
      ['data.menu.nope', 'is not a known field'],
      ['data.menu.orders', 'must hold no placeholders'],
    ]);
    expect(liveTexts({ 'home.title': 'Hi', 'menu.orders': 'Orders', gone: 'x', 'menu.x': 1 }, shipped)).toEqual({});
    expect(liveTexts({ 'home.title': 'Hi %{username}', 'menu.orders': 'All' }, shipped)).toEqual({
      'home.title': 'Hi %{username}',
      'menu.orders': 'All',
    });
  });
});
