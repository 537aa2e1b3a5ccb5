/**
 * Every failed API call is rethrown as this. `received` is false when no response arrived at all;
 * `status` is 0 when one arrived without a usable status (an opaque or aborted response).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly received: boolean;

  constructor(status: number, body: unknown, received = true) {
    super(received ? `HTTP ${status}` : 'No response');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.received = received;
  }
}
