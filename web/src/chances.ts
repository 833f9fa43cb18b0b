// Each seat's chance to win as the game goes (issue 52): after each move it draws, the page asks
// for a `chances` message (online the server works it out on a worker, off the table's own
// thread; on this device the worker's engine does), one request at a time, and a thin bar in each
// seat shows it. The figures are estimates by playouts (docs/protocol.md, "chances").

import { h } from './dom';
import type { ChancesMsg, TableMsg } from './types';

const key = (table: string, game: number, moves: number) => `${table}/${game}/${moves}`;

export class WinBars {
  private shown: ChancesMsg | null = null;
  private want: string | null = null; // the moment the page shows now
  private asked: number | null = null; // the request in flight
  private askedFor: string | null = null;

  /** `seats`: where the seat list is drawn; `ask`: sends a `chances` request, its id or null. */
  constructor(
    private readonly seats: Element,
    private readonly ask: () => number | null,
  ) {}

  /** After a table message is drawn (its seats included). */
  moved(t: TableMsg): void {
    if (t.status === 'waiting' || !t.state) {
      this.want = null;
      this.shown = null;
    } else {
      this.want = key(t.table, t.game, t.moves);
      if (this.shown && (this.shown.table !== t.table || this.shown.game !== t.game)) this.shown = null;
      this.next();
    }
    this.draw();
  }

  /** Whether `id` is this class's request (an error for it is not shown: the bars wait). */
  owns(id: unknown): boolean {
    if (id === undefined || id !== this.asked) return false;
    this.asked = null; // refused (busy...): asked again at the next move, not for this one
    return true;
  }

  receive(m: ChancesMsg): void {
    if (m.id !== undefined && m.id === this.asked) this.asked = null;
    if (this.want !== null && m.table === this.want.split('/')[0]) this.shown = m;
    this.draw();
    this.next();
  }

  private next(): void {
    if (this.want === null || this.asked !== null) return;
    if (this.shown && key(this.shown.table, this.shown.game, this.shown.moves) === this.want) return;
    if (this.askedFor === this.want) return; // asked and refused: not again for the same moment
    this.askedFor = this.want;
    this.asked = this.ask();
  }

  /** Puts a bar in each seat of the list drawn now (the seats are redrawn on their own changes). */
  draw(): void {
    const chances = this.shown?.chances ?? [];
    this.seats.querySelectorAll<HTMLElement>('li.seat').forEach((li, i) => {
      let bar = li.querySelector<HTMLElement>('.win-bar');
      const c = chances[i];
      if (!c) {
        bar?.remove();
        return;
      }
      if (!bar) {
        bar = h('span', { class: 'win-bar', 'data-testid': `win-${i}`, role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100' }, h('span', { class: 'win-track' }, h('span', { class: 'win-fill' })), h('span', { class: 'win-pct' }));
        li.appendChild(bar);
      }
      const pct = 100 * c.chance;
      bar.setAttribute('aria-valuenow', pct.toFixed(1));
      bar.setAttribute('aria-label', `${c.player}: ${pct.toFixed(0)}% to win`);
      bar.title = `${c.player}: ${pct.toFixed(0)}% to win (95%: ${(100 * c.low).toFixed(0)}\u2013${(100 * c.high).toFixed(0)}%, by playouts)`;
      (bar.querySelector('.win-fill') as HTMLElement).style.width = `${pct}%`;
      (bar.querySelector('.win-pct') as HTMLElement).textContent = `${pct.toFixed(0)}% to win`;
    });
  }
}
