// The turn clock: the server sends how long the person to act has left (`turn_left_ms`,
// docs/server.md); the page counts down from when the message came, in the controls and as a bar
// that drains under the seat to act. When it runs out a bot makes the move for them.

export class TurnClock {
  private deadline: number | null = null;
  private total = 0;
  private who = '';
  private timer: number | undefined;

  constructor(private readonly el: HTMLElement) {}

  /** `leftMs` null: no clock runs; `totalMs`: a whole turn's time (the bar's full length). */
  set(leftMs: number | null | undefined, who: string, mine: boolean, totalMs = 0): void {
    window.clearInterval(this.timer);
    if (leftMs === null || leftMs === undefined) {
      this.deadline = null;
      this.el.hidden = true;
      document.querySelectorAll('.seat-clock').forEach((b) => b.remove());
      return;
    }
    this.deadline = performance.now() + leftMs;
    this.total = Math.max(totalMs, leftMs);
    this.who = mine ? 'you' : who;
    this.el.hidden = false;
    this.tick();
    this.timer = window.setInterval(() => this.tick(), 250);
  }

  private tick(): void {
    if (this.deadline === null) return;
    const ms = Math.max(0, this.deadline - performance.now());
    const left = Math.ceil(ms / 1000);
    const text = left > 0 ? `${left} s` : 'a bot plays';
    if (this.el.textContent !== text) this.el.textContent = text;
    this.el.title = `Time left for ${this.who}; then a bot makes the move`;
    this.el.classList.toggle('low', left <= 10);
    this.drawBar(ms, left <= 10);
    if (left <= 0) window.clearInterval(this.timer);
  }

  /** The bar under the seat to act (the seats are redrawn often: it is put back each tick). */
  private drawBar(ms: number, low: boolean): void {
    const seat = document.querySelector('[data-testid=seats] .seat.to-act');
    document.querySelectorAll('.seat-clock').forEach((b) => b.parentElement !== seat && b.remove());
    if (!seat) return;
    let bar = seat.querySelector<HTMLElement>('.seat-clock');
    if (!bar) {
      bar = document.createElement('span');
      bar.className = 'seat-clock';
      bar.dataset.testid = 'seat-clock';
      bar.setAttribute('aria-hidden', 'true');
      seat.appendChild(bar);
    }
    // Through the CSSOM: the server's Content-Security-Policy allows no inline style attribute.
    bar.style.transform = `scaleX(${this.total ? Math.min(1, ms / this.total).toFixed(3) : 0})`;
    bar.classList.toggle('low', low);
  }
}
