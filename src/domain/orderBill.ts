/**
 * An order's bill as everyone who sees its total reads it: Sum + Delivery − Discount + Service
 * fee = Total. The service fee is its own line, so the lines always add up to the total.
 */
export type BillLine = 'sum' | 'delivery' | 'discount' | 'serviceFee' | 'total';

export interface BillFigures {
  sum: number;
  deliveryCost: number;
  discount: number;
  /** Null when the API did not send it (an older server): the bill then shows none. */
  serviceFee: number | null;
  totalSum: number;
}

export interface BillLineValue {
  line: BillLine;
  value: number;
  /** How the line counts in the total: added, taken off, or the total itself. */
  sign: 1 | -1 | 0;
}

/** The bill's lines in order. */
export const orderBillLines = (order: BillFigures): BillLineValue[] => {
  const lines: BillLineValue[] = [
    { line: 'sum', value: order.sum, sign: 1 },
    { line: 'delivery', value: order.deliveryCost, sign: 1 },
    { line: 'discount', value: order.discount, sign: -1 },
  ];
  if (order.serviceFee !== null) lines.push({ line: 'serviceFee', value: order.serviceFee, sign: 1 });
  lines.push({ line: 'total', value: order.totalSum, sign: 0 });
  return lines;
};

/** Whether the lines add up to the total, to the cent. */
export const billAddsUp = (order: BillFigures): boolean => {
  const cents = orderBillLines(order).reduce((total, { value, sign }) => total + sign * Math.round(value * 100), 0);
  return cents === Math.round(order.totalSum * 100);
};
