import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_TAB_STATUSES, ORDER_STATUS_TABS, ORDER_STATUS_VALUES, orderSearchTerms, statusTabOf } from '../../src/domain';
import { orderQuery } from '../../src/resources/orders/orderQuery';

describe('the order search', () => {
  it('reads a number, a phone and a name from the one box', () => {
    expect(orderSearchTerms(' ab12cd34e ', true)).toEqual({ number: 'AB12CD34E', phoneDigits: null, name: null });
    expect(orderSearchTerms('+44 7700-900123', true)).toEqual({ number: null, phoneDigits: '447700900123', name: null });
    expect(orderSearchTerms('900123', true)).toEqual({ number: '900123', phoneDigits: '900123', name: null });
    expect(orderSearchTerms('Olivia Brennan', true)).toEqual({ number: null, phoneDigits: null, name: 'olivia brennan' });
    expect(orderSearchTerms('Olivia', true)).toEqual({ number: 'OLIVIA', phoneDigits: null, name: 'olivia' });
    // Too few digits to mean a phone.
    expect(orderSearchTerms('+447', true).phoneDigits).toBeNull();
  });

  it('never reads a phone for those who may not see phones', () => {
    expect(orderSearchTerms('+44 7700 900123', false).phoneDigits).toBeNull();
    expect(orderSearchTerms('900123', false)).toEqual({ number: '900123', phoneDigits: null, name: null });
  });
});

describe('the status tabs', () => {
  it('hold every status in exactly one tab', () => {
    for (const status of ORDER_STATUS_VALUES) {
      expect(
        ORDER_STATUS_TABS.filter((tab) => ORDER_STATUS_TAB_STATUSES[tab].includes(status)),
        String(status),
      ).toHaveLength(1);
    }
    expect(statusTabOf(65)).toBe('onTheWay');
    expect(statusTabOf(-20)).toBe('cancelled');
    expect(statusTabOf(7)).toBeNull();
  });

  it('go to the API with the search, as the URL holds them', () => {
    expect(orderQuery({ q: '  AB12 ', status: 'done', numbers: 'true' }).toString()).toBe('numbers=true&q=AB12&status=done');
    expect(orderQuery({ q: '', status: 'late' }).toString()).toBe('');
  });
});
