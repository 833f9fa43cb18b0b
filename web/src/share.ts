// Inviting people: the join link, a QR code of it (uqr, an encoder from npm, drawn as SVG with
// rectangles: no markup from a string), copy, and the Web Share sheet where the browser has one.

import { encode } from 'uqr';
import { h, svg } from './dom';

export function qrCode(text: string, label: string): SVGElement {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const n = qr.size;
  const root = svg('svg', { viewBox: `0 0 ${n} ${n}`, class: 'qr', role: 'img', 'aria-label': label, 'data-testid': 'qr', 'shape-rendering': 'crispEdges' });
  root.appendChild(svg('rect', { width: n, height: n, fill: '#fff' }));
  let d = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  root.appendChild(svg('path', { d, fill: '#000' }));
  return root;
}

export interface ShareActions {
  copied(text: string): void;
}

/** The join link with copy, share and a QR code. */
export function renderInvite(link: string, code: string, act: ShareActions): HTMLElement {
  const copy = h('button', { type: 'button', 'data-testid': 'copy-join-link' }, 'Copy link');
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(link).then(
      () => act.copied(`Copied ${link}`),
      () => act.copied(link),
    );
  });
  const canShare = typeof navigator.share === 'function';
  const share = canShare ? h('button', { type: 'button', 'data-testid': 'share' }, 'Share\u2026') : null;
  share?.addEventListener('click', () => {
    navigator.share({ title: `inbetween table ${code}`, text: `Join my table ${code}`, url: link }).catch(() => undefined);
  });
  const qr = h('details', { class: 'qr-box' }, h('summary', {}, 'QR code'), qrCode(link, `QR code of the join link ${link}`));
  return h(
    'div',
    { class: 'invite' },
    // The code never breaks across lines: the link may wrap before it, not inside it.
    h('a', { href: link, class: 'join-link', 'data-testid': 'join-link' }, link.slice(0, link.length - code.length - 1), h('span', { class: 'nowrap' }, `#${code}`)),
    h('div', { class: 'inline' }, copy, share),
    qr,
  );
}
