// A region of the page drawn from a slice of the `table` message, redrawn only when that slice
// changed (deep equality by `dequal`, a small library from npm): a message that moves one chip
// redraws the seats and the board, not the header, the rules help or an open details box.

import { dequal } from 'dequal';
import { fill, type Child } from './dom';

const UNSET = Symbol('unset');

export class Region {
  private last: unknown = UNSET;
  /** Whether the last update redrew. */
  drawn = false;
  /** Free for the caller: e.g. the serial of what the region last animated. */
  stamp = 0;

  /** `el` null: the caller draws (the draw function does the work and returns null). */
  constructor(readonly el: Element | null) {}

  update(slice: unknown, draw: () => Child): boolean {
    this.drawn = false;
    if (this.last !== UNSET && dequal(this.last, slice)) return false;
    // structuredClone: the slice may share objects with the message the caller keeps.
    this.last = slice === undefined ? slice : structuredClone(slice);
    const out = draw();
    if (this.el) fill(this.el, out);
    this.drawn = true;
    return true;
  }

  reset(): void {
    this.last = UNSET;
  }
}
