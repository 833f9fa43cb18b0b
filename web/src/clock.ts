// The turn clock: the server sends how long the person to act has left (`turn_left_ms`,
// docs/server.md); the page counts down from when the message came. When it runs out a bot
// makes the move for them.

export class TurnClock {
  private deadline: number | null = null;
  private who = '';
  private timer: number | undefined;

  constructor(private readonly el: HTMLElement) {}

  /** `leftMs` null: no clock runs. */
  set(leftMs: number | null | undefined, who: string, mine: boolean): void {
    window.clearInterval(this.timer);
    if (leftMs === null || leftMs === undefined) {
      this.deadline = null;
      this.el.hidden = true;
      return;
    }
    this.deadline = performance.now() + leftMs;
    this.who = mine ? 'you' : who;
    this.el.hidden = false;
    this.tick();
    this.timer = window.setInterval(() => this.tick(), 250);
  }

  private tick(): void {
    if (this.deadline === null) return;
    const left = Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
    const text = left > 0 ? `${left} s` : 'a bot plays';
    if (this.el.textContent !== text) this.el.textContent = text;
    this.el.title = `Time left for ${this.who}; then a bot makes the move`;
    this.el.classList.toggle('low', left <= 10);
    if (left <= 0) window.clearInterval(this.timer);
  }
}
