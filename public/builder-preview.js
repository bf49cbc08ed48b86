/* global window, document */
/*
 * The human-interface builder's preview frame (part 2 §4, frame handshake in the builder). It runs in a sandboxed
 * frame without same-origin and talks to the console only by messages:
 *
 * - on load it posts { type: 'builder-ready' };
 * - the console answers two seconds later with { type: 'builder-template', html, pages, active, labels }: the
 *   sanitised template, its pages ({ id, name }), the active page id and the words of the page bar;
 * - { type: 'builder-page', active } makes another page active (the builder's Pages panel chose it);
 * - the page bar's buttons post { action: 'movement', value } with the page to go to, -1 for the first page.
 *
 * Elements with id "page-N" are shown only while page N is active, so a template can lay out its pages.
 */
(function () {
  'use strict';
  var state = { pages: [], active: null, labels: {} };
  var bar = document.getElementById('page-bar');
  var title = document.getElementById('page-title');
  var content = document.getElementById('template');

  function button(label, value, disabled) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.disabled = disabled;
    b.addEventListener('click', function () {
      window.parent.postMessage({ action: 'movement', value: value }, '*');
    });
    return b;
  }

  function render() {
    var index = -1;
    for (var i = 0; i < state.pages.length; i++) if (state.pages[i].id === state.active) index = i;
    var page = index >= 0 ? state.pages[index] : null;
    title.textContent = page
      ? (state.labels.page || 'Page {{id}} of {{count}}: {{name}}').replace('{{id}}', page.id).replace('{{count}}', state.pages.length).replace('{{name}}', page.name)
      : state.labels.noPages || '';
    var buttons = document.getElementById('page-buttons');
    buttons.textContent = '';
    if (page) {
      buttons.appendChild(button(state.labels.first || 'First page', -1, index === 0));
      buttons.appendChild(button(state.labels.previous || 'Previous', index > 0 ? state.pages[index - 1].id : page.id, index === 0));
      buttons.appendChild(button(state.labels.next || 'Next', index < state.pages.length - 1 ? state.pages[index + 1].id : page.id, index === state.pages.length - 1));
    }
    bar.hidden = false;
    var sections = content.querySelectorAll('[id^="page-"]');
    for (var s = 0; s < sections.length; s++) sections[s].hidden = page !== null && sections[s].id !== 'page-' + page.id;
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'builder-template') {
      content.innerHTML = typeof data.html === 'string' ? data.html : '';
      state.pages = Array.isArray(data.pages) ? data.pages : [];
      state.labels = data.labels && typeof data.labels === 'object' ? data.labels : {};
      state.active = typeof data.active === 'number' ? data.active : null;
      render();
    } else if (data.type === 'builder-page') {
      state.active = typeof data.active === 'number' ? data.active : null;
      render();
    }
  });

  window.parent.postMessage({ type: 'builder-ready' }, '*');
})();
