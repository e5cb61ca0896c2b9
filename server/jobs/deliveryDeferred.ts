/**
 * "Not yet, look again at `until`" (an ad waiting for its images or its turn in the chat),
 * thrown by an event handler: the worker puts the event back to pending without counting a
 * failed attempt.
 */
export class DeliveryDeferred extends Error {
  constructor(
    readonly until: Date,
    reason: string,
  ) {
    super(reason);
    this.name = 'DeliveryDeferred';
  }
}
