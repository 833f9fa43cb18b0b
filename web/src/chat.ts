// Table chat. Every line from the network is shown with textContent (h() makes text nodes),
// never as HTML.

import { h } from './dom';
import { touchScreen } from './feel';

const MAX_LINES = 200;

export class Chat {
  readonly el: HTMLElement;
  readonly input: HTMLInputElement;
  private readonly list: HTMLElement;

  constructor(private readonly send: (text: string) => boolean) {
    // it scrolls: a keyboard reaches it
    this.list = h('ol', { class: 'chat-list', 'data-testid': 'chat-list', 'aria-live': 'polite', 'aria-label': 'Chat lines', tabindex: 0 });
    this.input = h('input', {
      type: 'text',
      maxlength: 200,
      placeholder: touchScreen() ? 'Say something' : 'Say something (c)',
      'aria-label': 'Chat message',
      'data-testid': 'chat-input',
    });
    const form = h('form', { class: 'chat-form' }, this.input, h('button', { type: 'submit', 'data-testid': 'chat-send' }, 'Send'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (this.send(text)) this.input.value = '';
    });
    this.el = h('section', { class: 'panel chat', 'aria-label': 'Chat' }, h('h2', {}, 'Chat'), this.list, form);
  }

  add(from: string | null, text: string): void {
    const who = h('span', { class: 'from' });
    who.textContent = from ?? 'spectator';
    const body = h('span', { class: 'text' });
    body.textContent = text;
    this.list.appendChild(h('li', {}, who, ': ', body));
    while (this.list.childElementCount > MAX_LINES) this.list.firstElementChild?.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  clear(): void {
    this.list.replaceChildren();
  }
}
