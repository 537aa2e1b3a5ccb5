import { createServer, request as httpRequest } from 'node:http';

export type Balancer = {
  url: string;
  /** Starts sending requests to `target` (an instance's base URL) in its turn. */
  add: (target: string) => void;
  /**
   * Stops sending new requests to `target`, as a balancer does once an instance fails its readiness probe, and
   * resolves once the requests it sent there have been answered.
   */
  drain: (target: string) => Promise<void>;
  /** Sends every request to `target` (undefined: round robin again). */
  pin: (target: string | undefined) => void;
  /** How many requests each target has answered. */
  served: Map<string, number>;
  close: () => Promise<void>;
};

/**
 * A round-robin load balancer in front of test instances. A connection per request (no agent): nothing of it
 * stays open when an instance stops. A target that cannot be reached answers 502, as a proxy's would.
 */
export async function startBalancer(): Promise<Balancer> {
  const targets: string[] = [];
  const inFlight = new Map<string, number>();
  const served = new Map<string, number>();
  const idle: (() => void)[] = [];
  let pinned: string | undefined;
  let turn = 0;
  const settle = (target: string) => {
    inFlight.set(target, (inFlight.get(target) ?? 1) - 1);
    served.set(target, (served.get(target) ?? 0) + 1);
    for (const wake of idle.splice(0)) {
      wake();
    }
  };
  const server = createServer((request, response) => {
    const base = pinned ?? targets[turn++ % targets.length];
    if (base === undefined) {
      response.writeHead(503).end();
      return;
    }
    inFlight.set(base, (inFlight.get(base) ?? 0) + 1);
    let settled = false;
    const done = () => {
      if (!settled) {
        settled = true;
        settle(base);
      }
    };
    response.on('close', done);
    const forwarded = httpRequest(
      new URL(request.url ?? '/', base),
      { method: request.method, headers: request.headers, agent: false },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const drain = async (target: string) => {
    targets.splice(targets.indexOf(target), 1);
    while ((inFlight.get(target) ?? 0) > 0) {
      await new Promise<void>((resolve) => idle.push(resolve));
    }
  };
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`,
    add: (target) => targets.push(target),
    drain,
    pin: (target) => {
      pinned = target;
    },
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
