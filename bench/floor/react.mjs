// A floor page of bench:lighthouse: React alone renders, over the start screen, a heading and five sections of text
// and a button.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const sections = [1, 2, 3, 4, 5].map((n) =>
  h('section', { key: n }, h('p', null, `Reservation ${n}`), h('button', { type: 'button' }, 'Cancel')),
);
createRoot(document.getElementById('root')).render(
  h('main', null, h('h1', null, 'ParkHere floor'), sections),
);
