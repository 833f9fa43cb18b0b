// The Web Worker of the table on this device (issue 50): the engine as WebAssembly
// (inbetween-engine.js and .wasm beside the page, built by src/wasm/wasm.cmake) and its local
// table (src/protocol/local_table.h), which answers the page's messages as the server would. The
// page posts one message at a time, as it would send it on the WebSocket; the worker posts back
// the array of replies. Seeds come from here: crypto.getRandomValues, never the engine's own.
// Here, so that a cold ThreeBeTween solve (seconds) never holds the page.

interface EngineModule {
  cwrap(name: string, returns: 'string', args: ['string']): (text: string) => string;
}
declare function importScripts(...urls: string[]): void;
declare const createInbetweenEngine: (options?: Record<string, unknown>) => Promise<EngineModule>;

const scope = self as unknown as { onmessage: ((e: MessageEvent) => void) | null; postMessage(data: unknown): void };

importScripts('inbetween-engine.js');
const local = createInbetweenEngine().then((m) => m.cwrap('inbetween_local', 'string', ['string']));

/** A seed of 64 random bits, as the decimal string the engine reads. */
function seed(): string {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

// Each message waits for the engine and for the one before (the promise keeps their order).
let last: Promise<unknown> = local;
scope.onmessage = (e: MessageEvent) => {
  const message = e.data as Record<string, unknown>;
  last = last.then(async () => {
    const handle = await local;
    const dealt = message.type === 'start' && message.seed === undefined ? { ...message, seed: seed() } : message;
    let replies: unknown;
    try {
      replies = JSON.parse(handle(JSON.stringify(dealt)));
    } catch (err) {
      replies = [{ type: 'error', code: 'internal', message: `the engine failed: ${String(err)}` }];
    }
    scope.postMessage(replies);
  });
};
