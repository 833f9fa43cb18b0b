// The pace of the table. The server sends a move as soon as it is played: at a bot delay of 0 the
// next deal would replace the card that just landed before anyone saw it. The page draws the
// table's messages in order, each in its turn, and after a message whose card lands it waits for
// the card and a moment to read it (DWELL_MS; half that when the next move already waits) before
// drawing the next; a tap or a key lands the card at once, and a second ends the moment. A page far
// behind (a hidden tab, a burst of moves) draws the older messages without the wait.

import { afterLanding, isLanding, landed } from './moment';
import type { TableMsg } from './types';

const DWELL_MS = 1000;
const BEHIND = 4; // messages waiting: past this, no waiting and no landing

export class Pace {
  private readonly inbox: TableMsg[] = [];
  private readonly arrived = new WeakMap<TableMsg, number>(); // when each message came
  private dwelling = false;
  private timer: number | undefined;

  /** `draw`: draws a message (`quick`: without the landing); true when a card lands now.
   * `shown`: the message drawn last. */
  constructor(
    private readonly draw: (t: TableMsg, quick: boolean) => boolean,
    private readonly shown: () => TableMsg | null,
  ) {}

  /** The last message received: drawn, or waiting its turn. */
  get latest(): TableMsg | null {
    return this.inbox.at(-1) ?? this.shown();
  }

  receive(t: TableMsg): void {
    // A message that tells the whole game again (after seated, watch, resume) stands for every
    // message before it.
    const prev = this.latest;
    if (prev && prev.game === t.game && t.events_from !== undefined && t.events_from !== prev.event_count && (this.inbox.length || this.dwelling)) {
      landed(); // first: what waited for the landing (a moment's timer among it) is then cleared
      this.clear();
    }
    this.arrived.set(t, performance.now());
    this.inbox.push(t);
    this.drawNext();
  }

  /** How long `t` waited its turn before it was drawn (its clock ran meanwhile). */
  waited(t: TableMsg): number {
    const at = this.arrived.get(t);
    return at === undefined ? 0 : Math.max(0, performance.now() - at);
  }

  /** A tap or a key: a card landing lands; a moment already shown ends. */
  skip(): void {
    if (isLanding()) landed();
    else if (this.dwelling) this.goOn();
  }

  /** Forgets what waits (the page shows another table). */
  clear(): void {
    this.inbox.length = 0;
    window.clearTimeout(this.timer);
    this.dwelling = false;
  }

  private drawNext(): void {
    while (this.inbox.length && !this.dwelling) {
      const t = this.inbox.shift()!;
      const quick = this.inbox.length >= BEHIND || document.hidden;
      if (this.draw(t, quick)) {
        this.dwelling = true;
        afterLanding(() => {
          window.clearTimeout(this.timer);
          this.timer = window.setTimeout(() => this.goOn(), this.inbox.length ? DWELL_MS / 2 : DWELL_MS);
        });
      }
    }
  }

  private goOn(): void {
    window.clearTimeout(this.timer);
    this.dwelling = false;
    this.drawNext();
  }
}
