// The second transport (issue 50): the table on this device, in a Web Worker (local-worker.ts)
// running the engine as WebAssembly. The page sends it what it sends the server and draws what
// comes back exactly as it draws the WebSocket's messages: one table view, two transports.
// The game is saved after every move (the worker's `saved` message: rules, seats, seed, moves) in
// localStorage and played again after a reload (`restore`), and in any other tab of the page that
// has the game open; `log` comes back as a JSON Lines file that `inbetween replay` plays.

import type { ServerMsg } from './types';

/** The code of the table on this device (src/protocol/local_table.h: a hyphen, which no server
 * table's code has). */
export const LOCAL_CODE = 'ON-THIS-DEVICE';
const SAVE_KEY = 'inbetween.local';

export function isLocal(code: string | null | undefined): boolean {
  return code === LOCAL_CODE;
}

export class LocalTable {
  private worker: Worker | null = null;
  private nextId = 1;
  private restored = false;

  constructor(private readonly onMessage: (m: ServerMsg) => void) {
    // One game on this device, whatever the tabs: where another tab of the page saves it (a move
    // there, or a new game), this one's worker is given that save and the table here follows, so
    // that neither tab's moves are lost under the other's next save.
    window.addEventListener('storage', (e) => {
      if (e.key !== SAVE_KEY || !e.newValue || !this.worker || !this.restored) return;
      try {
        this.worker.postMessage({ id: this.nextId++, type: 'restore', save: JSON.parse(e.newValue) });
      } catch {
        /* a save that does not read: this tab's game stays as it is */
      }
    });
  }

  /** The game kept on this device, if any. */
  static saved(): unknown {
    try {
      const text = localStorage.getItem(SAVE_KEY);
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker('local-worker.js');
    worker.onmessage = (e: MessageEvent) => {
      for (const m of e.data as Record<string, unknown>[]) this.receive(m);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.onMessage({ type: 'error', code: 'no_engine', message: 'The engine for play on this device did not load (is inbetween-engine.js beside the page?).' });
    };
    this.worker = worker;
    return worker;
  }

  private receive(m: Record<string, unknown>): void {
    if (m.type === 'saved') {
      try {
        // The same save again (this tab following another's) is not written: another tab would
        // be told of it and follow it back.
        const text = JSON.stringify(m.save);
        if (localStorage.getItem(SAVE_KEY) !== text) localStorage.setItem(SAVE_KEY, text);
      } catch {
        /* private mode: the game lasts as long as the page */
      }
      return;
    }
    if (m.type === 'log') {
      download(String(m.text), `inbetween-on-this-device-${String(m.game)}.jsonl`);
      return;
    }
    // Every message the page is given, where a test (or a person at the dev tools) asked for
    // them by setting window.localMessages to an array.
    (window as unknown as { localMessages?: unknown[] }).localMessages?.push(m);
    this.onMessage(m as unknown as ServerMsg);
  }

  /** Sends a message as to the server; its `id`, as Connection.send returns. A `resume` of a
   * worker that holds no table yet brings the saved game back first. */
  send(msg: Record<string, unknown>): number {
    const id = this.nextId++;
    const { local: _local, ...rest } = msg;
    let out: Record<string, unknown> = { id, ...rest };
    if (out.type === 'create') this.restored = true;
    if ((out.type === 'resume' || out.type === 'watch') && !this.restored) {
      this.restored = true;
      const save = LocalTable.saved();
      if (save) out = { id, type: 'restore', save };
    }
    this.start().postMessage(out);
    return id;
  }
}

/** Gives `text` (JSON Lines) to the person as a file, as a link's download would. */
function download(text: string, name: string): void {
  const blob = new Blob([text], { type: 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
