/**
 * A write the client refused to send because the device is offline. Writes are never queued (issue 15): the
 * user is told that nothing was saved and does it again when back online.
 */
export class OfflineError extends Error {
  constructor() {
    super('Offline: not sent');
    this.name = 'OfflineError';
  }
}
