/* thirtyone's page watch for the static edition (make static; the Voilà one is
 * share/jupyter/voila/templates/thirtyone/static/watch.js, whose place this takes: same name, same entry points).
 *
 * A static page has no server to lose: its Python (Pyodide) starts in the learner's browser and runs the page's
 * cells there. What can still go wrong is that it never gets there (a file did not arrive, the browser is out of
 * memory, the page's Python failed to start): the page then says so, in its own language, with a Reload button
 * (role="alert"), instead of a spinner that turns for ever.
 *
 * - While it loads, the spinner says the page's words ("Loading the page…", then "Loading the page: 3 of 17…"),
 *   never Voici's English ("Starting up kernel...", "Executing 3 of 17"), and a widget not drawn yet says
 *   "Loading…" in the page's language, not the widget manager's "Loading widget...".
 * - The page's state is `document.body.dataset.thirtyoneWatch`: 'loading', then 'ready' once the cells are shown
 *   and every output is drawn (text, HTML, a picture, or a widget's view), or 'lost' when the page gave up:
 *   an error reached the page before it was ready, or it was not ready `hardTimeout` s after it opened.
 * Words: `WORDS` (the Voilà watch's keys, brought by the page in window.THIRTYONE_WORDS) and `STATIC_WORDS`, the
 * words only this edition says, in every language of the course, chosen by the page's <html lang>.
 * `window.THIRTYONE_WATCH = {hardTimeout: …}` before this script changes the timing (for tests).
 */
(function () {
  'use strict';
  if (window.thirtyoneWatch) {
    return;
  }
  var settings = Object.assign({ hardTimeout: 240, poll: 0.25 }, window.THIRTYONE_WATCH || {});
  var WORDS = Object.assign(
    {
      loading_page: 'Loading the page…',
      loading_step: 'Loading the page: {i} of {n}…',
      loading_widget: 'Loading…',
      reload: 'Reload the page'
    },
    window.THIRTYONE_WORDS || {}
  );
  var STATIC_WORDS = {
    en: {
      failed: 'This lesson could not start in your browser. Reload the page to try again; ' +
        'if it fails again, try another browser or a computer with more memory.'
    },
    es: {
      failed: 'Esta lección no pudo arrancar en tu navegador. Recarga la página para intentarlo de nuevo; ' +
        'si vuelve a fallar, prueba con otro navegador o con un ordenador con más memoria.'
    },
    de: {
      failed: 'Diese Lektion konnte in deinem Browser nicht starten. Lade die Seite neu, um es noch einmal zu ' +
        'versuchen; klappt es wieder nicht, nimm einen anderen Browser oder einen Rechner mit mehr Arbeitsspeicher.'
    }
  };
  var lang = (document.documentElement.lang || 'en').split('-')[0];
  var OWN = STATIC_WORDS[lang] || STATIC_WORDS.en;
  var LOADING_WIDGET = 'Loading widget...'; // what the widget manager writes into a widget not drawn yet
  var state = 'loading';
  var started = Date.now();
  var log = [];

  function note(what) {
    log.push([(Date.now() - started) / 1000, what]);
  }

  function setState(s) {
    state = s;
    if (document.body) {
      document.body.dataset.thirtyoneWatch = s;
    }
  }

  function words(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, k) {
      return values[k] === undefined ? all : String(values[k]);
    });
  }

  // -- the spinner and the widgets' placeholders, in the page's words ---------------------------------
  function ownSpinnerText(el) {
    var said = el.textContent || '';
    var step = /(\d+)\D+(\d+)/.exec(said);
    var wanted = step ? words(WORDS.loading_step, { i: step[1], n: step[2] }) : WORDS.loading_page;
    if (said !== wanted) {
      el.textContent = wanted;
    }
  }

  function ownWords(node) {
    if (node.nodeType === 3) {
      if (node.data === LOADING_WIDGET) {
        node.data = WORDS.loading_widget;
      }
      return;
    }
    if (node.nodeType !== 1) {
      return;
    }
    if (node.id === 'loading_text') {
      ownSpinnerText(node);
    }
    if (node.textContent.indexOf(LOADING_WIDGET) < 0) {
      return;
    }
    var walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (var t = walk.nextNode(); t; t = walk.nextNode()) {
      if (t.data === LOADING_WIDGET) {
        t.data = WORDS.loading_widget;
      }
    }
  }

  new MutationObserver(function (records) {
    for (var r = 0; r < records.length; r++) {
      var rec = records[r];
      var target = rec.target.nodeType === 3 ? rec.target.parentNode : rec.target;
      if (target && target.id === 'loading_text') {
        ownSpinnerText(target);
      }
      for (var k = 0; k < rec.addedNodes.length; k++) {
        ownWords(rec.addedNodes[k]);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });

  function spinner() {
    var text = document.getElementById('loading_text');
    if (text) {
      text.textContent = WORDS.loading_page;
    }
  }

  // -- ready, or given up -------------------------------------------------------------------------------
  function ready() {
    var rc = document.getElementById('rendered_cells');
    if (!rc || getComputedStyle(rc).display === 'none' || !rc.querySelector('.jp-Cell')) {
      return false;
    }
    var outs = rc.querySelectorAll('.jp-OutputArea-output');
    for (var i = 0; i < outs.length; i++) {
      var o = outs[i];
      var drawn = o.matches('.jp-RenderedText, .jp-RenderedHTMLCommon, .jp-RenderedImage, .jp-RenderedSVG') ||
        o.querySelector('.jupyter-widgets');
      if (!drawn || o.textContent.indexOf(WORDS.loading_widget) === 0 && !o.querySelector('.jupyter-widgets *')) {
        return false;
      }
    }
    return true;
  }

  function fail(why) {
    if (state !== 'loading') {
      return;
    }
    note('gave up: ' + why);
    setState('lost');
    var box = document.createElement('div');
    box.className = 'to-watch';
    var alert = document.createElement('div');
    alert.className = 'to-watch-alert';
    alert.setAttribute('role', 'alert');
    var p = document.createElement('p');
    p.className = 'to-watch-text';
    p.textContent = OWN.failed;
    var button = document.createElement('button');
    button.className = 'to-watch-reload';
    button.type = 'button';
    button.textContent = WORDS.reload;
    button.addEventListener('click', function () {
      location.reload();
    });
    alert.appendChild(p);
    alert.appendChild(button);
    box.appendChild(alert);
    document.body.appendChild(box);
    button.focus();
  }

  function check() {
    if (state !== 'loading') {
      return;
    }
    if (ready()) {
      note('ready');
      setState('ready');
      window.dispatchEvent(new Event('thirtyone-ready'));
      return;
    }
    if ((Date.now() - started) / 1000 > settings.hardTimeout) {
      fail('not ready after ' + settings.hardTimeout + ' s');
      return;
    }
    setTimeout(check, settings.poll * 1000);
  }

  window.addEventListener('error', function (e) {
    fail('error: ' + (e && e.message));
  });
  window.addEventListener('unhandledrejection', function (e) {
    fail('unhandled: ' + (e && e.reason));
  });
  document.addEventListener('DOMContentLoaded', function () {
    setState(state);
    check();
  });

  window.thirtyoneWatch = {
    settings: settings,
    log: log,
    spinner: spinner,
    pageComplete: function () {
      note('page complete');
    },
    words: WORDS,
    get state() {
      return state;
    }
  };
})();
