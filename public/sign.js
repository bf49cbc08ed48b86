/* global window, document */
/*
 * The public signing page's pad (GET /sign/{token}, served by the server with no sign-in). A canvas drawn with
 * pointer events (mouse, finger, pen), or a typed name written on it for those who cannot draw; Clear empties it and
 * Sign posts the PNG data URL to the same address. The page's words come from data-msg-* attributes of #signing.
 * A separate file because the CSP allows no inline script.
 */
(function () {
  'use strict';
  var section = document.getElementById('signing');
  var form = document.getElementById('sign-form');
  var canvas = document.getElementById('pad');
  var typed = document.getElementById('typed');
  var clearButton = document.getElementById('clear');
  var signButton = document.getElementById('sign');
  var status = document.getElementById('status');
  if (!section || !form || !canvas || !canvas.getContext) return;

  var context = canvas.getContext('2d');
  var drawn = false;
  var drawing = null;
  var busy = false;
  var message = function (key) {
    return section.getAttribute('data-msg-' + key) || '';
  };

  function say(text, kind) {
    status.textContent = text;
    status.className = 'status' + (kind ? ' ' + kind : '');
  }

  function paintBackground() {
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.restore();
  }

  // The backing store follows the shown size and the screen's density (at most 2x: the PNG stays small).
  function fit() {
    var ratio = Math.min(window.devicePixelRatio || 1, 2);
    var width = Math.round(canvas.clientWidth * ratio);
    var height = Math.round(canvas.clientHeight * ratio);
    if (canvas.width === width && canvas.height === height) return;
    canvas.width = width;
    canvas.height = height;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.lineWidth = 2.5;
    context.strokeStyle = '#0f172a';
    paintBackground();
    drawn = false;
    if (typed.value.trim()) writeTyped();
  }

  function clear() {
    paintBackground();
    drawn = false;
  }

  function point(event) {
    var box = canvas.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  canvas.addEventListener('pointerdown', function (event) {
    if (busy) return;
    event.preventDefault();
    if (typed.value) {
      typed.value = '';
      clear();
    }
    canvas.setPointerCapture(event.pointerId);
    drawing = point(event);
    context.beginPath();
    context.arc(drawing.x, drawing.y, context.lineWidth / 2, 0, Math.PI * 2);
    context.fillStyle = '#0f172a';
    context.fill();
    drawn = true;
  });
  canvas.addEventListener('pointermove', function (event) {
    if (!drawing) return;
    var next = point(event);
    context.beginPath();
    context.moveTo(drawing.x, drawing.y);
    context.lineTo(next.x, next.y);
    context.stroke();
    drawing = next;
  });
  var stop = function () {
    drawing = null;
  };
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);

  function writeTyped() {
    clear();
    var text = typed.value.trim();
    if (!text) return;
    var width = canvas.clientWidth;
    var height = canvas.clientHeight;
    var size = Math.min(48, height / 3);
    context.font = 'italic ' + size + 'px "Brush Script MT", "Segoe Script", cursive';
    while (context.measureText(text).width > width - 32 && size > 12) {
      size -= 2;
      context.font = 'italic ' + size + 'px "Brush Script MT", "Segoe Script", cursive';
    }
    context.fillStyle = '#0f172a';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(text, width / 2, height / 2);
    drawn = true;
  }
  typed.addEventListener('input', writeTyped);

  clearButton.addEventListener('click', function () {
    typed.value = '';
    clear();
    say('');
    canvas.focus();
  });

  function finish(body) {
    var done = document.createElement('section');
    var title = document.createElement('h1');
    title.textContent = message('done-title');
    title.tabIndex = -1;
    var text = document.createElement('p');
    text.textContent = message('done');
    done.appendChild(title);
    done.appendChild(text);
    if (body && typeof body.callback === 'string' && /^https?:\/\//.test(body.callback)) {
      var link = document.createElement('a');
      link.href = body.callback;
      link.rel = 'noopener noreferrer';
      link.textContent = message('continue');
      done.appendChild(link);
    }
    section.replaceWith(done);
    title.focus();
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    if (!drawn) {
      say(message('sign-first'), 'error');
      return;
    }
    busy = true;
    signButton.disabled = true;
    clearButton.disabled = true;
    say(message('signing'));
    fetch(window.location.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ signature: canvas.toDataURL('image/png') }),
      credentials: 'omit',
    })
      .then(function (response) {
        return response.json().then(
          function (body) {
            return { ok: response.ok, status: response.status, body: body };
          },
          function () {
            return { ok: response.ok, status: response.status, body: null };
          },
        );
      })
      .then(function (answer) {
        if (answer.ok) return finish(answer.body);
        say(message('error-' + answer.status) || message('failed'), 'error');
        // A refusal that cannot change (signed, expired, unknown) keeps the buttons off.
        var final = answer.status === 404 || answer.status === 409 || answer.status === 410;
        busy = final;
        signButton.disabled = final;
        clearButton.disabled = final;
      })
      .catch(function () {
        say(message('failed'), 'error');
        busy = false;
        signButton.disabled = false;
        clearButton.disabled = false;
      });
  });

  window.addEventListener('resize', function () {
    if (!drawn || typed.value.trim()) fit();
  });
  fit();
})();
