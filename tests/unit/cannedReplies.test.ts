import { describe, expect, it } from 'vitest';
import { fillReply, replyTextFor, unfilledVariables, type CannedValues } from '../../src/domain';

const values: CannedValues = {
  order: 'T00000042',
  customer: 'Anna',
  restaurant: 'Pizza Place',
  total: '€23.50',
  status: 'Готовится',
  eta: null,
};

describe('canned reply filling', () => {
  it('fills every known variable, each time it occurs', () => {
    expect(fillReply('{customer}, order {order} from {restaurant}: {total}. {order}!', values)).toEqual({
      text: 'Anna, order T00000042 from Pizza Place: €23.50. T00000042!',
      missing: [],
    });
    expect(fillReply('Status: {status}', values).text).toBe('Status: Готовится');
  });

  it('leaves a variable without a value in place and names it once', () => {
    expect(fillReply('ETA {eta}, again {eta}, for {customer}', values)).toEqual({
      text: 'ETA {eta}, again {eta}, for Anna',
      missing: ['eta'],
    });
    expect(fillReply('{customer} {eta}', { ...values, customer: '  ', eta: undefined }).missing).toEqual(['customer', 'eta']);
  });

  it('keeps unknown braces and plain text as they are', () => {
    expect(fillReply('{unknown} {} {ORDER} { order } text', values)).toEqual({ text: '{unknown} {} {ORDER} { order } text', missing: [] });
  });

  it('does not fill a value into itself: values holding braces are inserted literally', () => {
    expect(fillReply('{customer}', { ...values, customer: '{eta}' }).text).toBe('{eta}');
  });

  it('finds the known variables still written as placeholders', () => {
    expect(unfilledVariables('Hello {customer}, {eta} {eta} {nope}')).toEqual(['customer', 'eta']);
    expect(unfilledVariables('All filled')).toEqual([]);
  });

  it('picks the text of the customer language, else the default text', () => {
    const reply = { text: 'Hello', text_ru: 'Привет', text_es: '' };
    expect(replyTextFor(reply, 'ru')).toBe('Привет');
    expect(replyTextFor(reply, 'es')).toBe('Hello');
    expect(replyTextFor(reply, 'en')).toBe('Hello');
    expect(replyTextFor({ ...reply, text_ru: '  ' }, 'ru')).toBe('Hello');
  });
});
