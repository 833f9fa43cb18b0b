// The WebSocket to the table server (docs/server.md): it reconnects by itself with a bounded
// backoff, and tells the page when it is (re)opened so the page can `resume` its seat.

import type { ServerMsg } from './types';

export type Status = 'connecting' | 'open' | 'retrying' | 'gave-up';

export interface ConnectionHandlers {
  onOpen(reconnect: boolean): void;
  onMessage(msg: ServerMsg): void;
  onStatus(status: Status, detail: string): void;
}

const FIRST_DELAY_MS = 300;
const MAX_DELAY_MS = 8000;
const MAX_ATTEMPTS = 40; // about five minutes of trying, then a button to try again

export class Connection {
  private ws: WebSocket | null = null;
  private attempts = 0;
  private opened = false;
  private timer: number | undefined;
  private nextId = 1;

  constructor(
    private readonly url: string,
    private readonly handlers: ConnectionHandlers,
  ) {}

  static defaultUrl(): string {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws`;
  }

  connect(): void {
    window.clearTimeout(this.timer);
    this.handlers.onStatus('connecting', this.attempts ? `reconnecting (try ${this.attempts + 1})` : 'connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const reconnect = this.opened;
      this.opened = true;
      this.attempts = 0;
      this.handlers.onStatus('open', 'connected');
      this.handlers.onOpen(reconnect);
    };
    ws.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      let msg: unknown;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg && typeof msg === 'object' && typeof (msg as { type?: unknown }).type === 'string') {
        this.handlers.onMessage(msg as ServerMsg);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.retry();
    };
  }

  private retry(): void {
    this.attempts += 1;
    if (this.attempts > MAX_ATTEMPTS) {
      this.handlers.onStatus('gave-up', 'disconnected');
      return;
    }
    const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (this.attempts - 1));
    const delay = base / 2 + Math.random() * (base / 2); // jitter, so a restarted server is not hit at once
    this.handlers.onStatus('retrying', `connection lost; retrying in ${Math.ceil(delay / 1000)} s`);
    this.timer = window.setTimeout(() => this.connect(), delay);
  }

  /** Tries again now (after giving up, or to skip the wait). */
  retryNow(): void {
    this.attempts = 0;
    if (!this.ws) this.connect();
  }

  get isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Sends a client message with a fresh `id`, returned; null when the socket is not open (the
   * caller tells the user). */
  send(msg: Record<string, unknown>): number | null {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, ...msg }));
    return id;
  }
}

/** Seat tokens, one per table code, kept across reloads. */
export const tokens = {
  key: (code: string) => `inbetween.token.${code}`,
  get(code: string): string | null {
    try {
      return localStorage.getItem(this.key(code));
    } catch {
      return null;
    }
  },
  set(code: string, token: string): void {
    try {
      localStorage.setItem(this.key(code), token);
    } catch {
      /* private mode: the seat lasts as long as the page */
    }
  },
  drop(code: string): void {
    try {
      localStorage.removeItem(this.key(code));
    } catch {
      /* ignore */
    }
  },
};

export const savedName = {
  get(): string {
    try {
      return localStorage.getItem('inbetween.name') ?? '';
    } catch {
      return '';
    }
  },
  set(name: string): void {
    try {
      localStorage.setItem('inbetween.name', name);
    } catch {
      /* ignore */
    }
  },
};
