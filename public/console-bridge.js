/* global window, document */
/*
 * Console bridge for human-interface templates. A template shown in the console's ticket screen runs in a
 * sandboxed frame; this script is how it talks to the console (part 2 §7, frame message bridge).
 *
 *   <script src="/console-bridge.js"></script>
 *
 * - The console posts the ticket's values about one second after the frame loads; fields whose name matches a
 *   value are filled in, and a 'console:data' event is dispatched on window with the values in event.detail.
 * - A <form> submit solves the ticket (ConsoleBridge.submit); a button named "save" saves its values
 *   (ConsoleBridge.save). Both send the form's values.
 * - ConsoleBridge.addNote(title, description, details) and ConsoleBridge.createNote(text) write case notes;
 *   ConsoleBridge.getFile(fileId) answers { file: { id, name, type, size, data } } with data as a data URL;
 *   ConsoleBridge.uploadFiles(files) attaches files (a FileList, File objects, or { name, type, data } with data
 *   as a data URL or base64) to the ticket's case and ConsoleBridge.createCaseForFiles(files, description) to a
 *   new case; both answer { files: [{ id, url, name, size, type }] } (the console sends them when online).
 * Every call returns a Promise of the console's reply: { success, message } or { success: false, error }.
 */
(function () {
  'use strict';
  if (window.ConsoleBridge) return;

  var SEPARATOR = '///';
  var pending = {};
  var nextId = 1;
  var context = { caseId: null, ticketId: null, values: {} };

  function request(type, payload) {
    var requestId = 'req-' + nextId++;
    var message = Object.assign({}, payload || {}, { type: type, requestId: requestId });
    return new Promise(function (resolve) {
      pending[requestId] = resolve;
      window.parent.postMessage(message, '*');
    });
  }

  function list(files) {
    return files && typeof files.length === 'number' && !Array.isArray(files) ? Array.prototype.slice.call(files) : files;
  }

  function fieldValue(element) {
    if (element.type === 'checkbox') return element.checked;
    if (element.type === 'number' || element.type === 'range') return element.value === '' ? null : Number(element.value);
    return element.value;
  }

  function collect(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || element.type === 'submit' || element.type === 'button' || element.type === 'file') return;
      if (element.type === 'radio') {
        if (element.checked) values[element.name] = element.value;
        return;
      }
      values[element.name] = fieldValue(element);
    });
    return values;
  }

  function fill(values) {
    Array.prototype.forEach.call(document.forms, function (form) {
      Array.prototype.forEach.call(form.elements, function (element) {
        if (!element.name || !(element.name in values) || element.type === 'submit' || element.type === 'button' || element.type === 'file') return;
        var value = values[element.name];
        if (element.type === 'checkbox') element.checked = value === true || value === 'true' || value === 'on';
        else if (element.type === 'radio') element.checked = String(value) === element.value;
        else element.value = value === null || value === undefined ? '' : String(value);
      });
    });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'ticket-data') {
      context = { caseId: data.caseId || null, ticketId: data.ticketId || null, values: data.data || {} };
      fill(context.values);
      window.dispatchEvent(new CustomEvent('console:data', { detail: context }));
      return;
    }
    if (typeof data.requestId === 'string' && pending[data.requestId]) {
      var resolve = pending[data.requestId];
      delete pending[data.requestId];
      resolve(data);
    }
  });

  var bridge = {
    get caseId() {
      return context.caseId;
    },
    get values() {
      return context.values;
    },
    collect: collect,
    submit: function (data) {
      return request('submit', { data: data || (document.forms[0] ? collect(document.forms[0]) : {}) });
    },
    save: function (data) {
      return request('save', { data: data || (document.forms[0] ? collect(document.forms[0]) : {}) });
    },
    addNote: function (title, description, details) {
      var text = [title || '', details || '', description || '', ''].join(SEPARATOR);
      return request('isNotes', { case_note: text, caseId: context.caseId });
    },
    createNote: function (text) {
      return request('notes-create-direct', { note: text, caseId: context.caseId });
    },
    getFile: function (fileId, caseId) {
      return request('get-single-file', { caseId: caseId || context.caseId, fileId: fileId });
    },
    uploadFiles: function (files, makePublic, caseId) {
      return request('uploadFiles', { files: list(files), caseId: caseId || context.caseId, makePublic: makePublic === true });
    },
    createCaseForFiles: function (files, description, makePublic) {
      return request('createCaseForFiles', { files: list(files), description: description, makePublic: makePublic === true });
    },
    send: request,
  };
  window.ConsoleBridge = bridge;

  function wire() {
    Array.prototype.forEach.call(document.forms, function (form) {
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        bridge.submit(collect(form));
      });
      Array.prototype.forEach.call(form.querySelectorAll('button[name="save"], [data-console-action="save"]'), function (button) {
        button.addEventListener('click', function (event) {
          event.preventDefault();
          bridge.save(collect(form));
        });
      });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
})();
