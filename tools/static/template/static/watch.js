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
      keepForOffline();
      return;
    }
    if ((Date.now() - started) / 1000 > settings.hardTimeout) {
      fail('not ready after ' + settings.hardTimeout + ' s');
      return;
    }
    setTimeout(check, settings.poll * 1000);
  }

  // -- the course kept for offline use -----------------------------------------------------------------
  // JupyterLite's service worker (service-worker.js, patched by tools/static/build.py) keeps every file that
  // passes through it. On a learner's first visit it takes over only while the page loads, so what the page
  // fetched before (Voici's scripts, the page itself) would be fetched again on the next page. Once the page is
  // ready, each file it fetched, and every page of the course it links to (the course bar, the language switch),
  // is asked for once more through the service worker, which keeps it (from the browser's own cache where it is
  // there): from then on the course opens offline, and the next page fetches only what it has not seen. A file
  // the worker holds already is answered from its cache, so a later visit costs nothing. The page's state says
  // when it is done: `document.body.dataset.thirtyoneOffline` is 'kept' (or 'not-kept' without a service worker).
  function keepForOffline() {
    var sw = navigator.serviceWorker;
    if (!sw || !window.fetch) {
      document.body.dataset.thirtyoneOffline = 'not-kept';
      return;
    }
    var asked = {};
    function wanted(url) {
      var u = new URL(url, location.href);
      var api = u.pathname.indexOf('/api/') >= 0 && u.pathname.indexOf('/api/contents/') < 0;
      return u.origin === location.origin && !api && !asked[u.href] && (asked[u.href] = true);
    }
    function keep(urls) {
      return Promise.all(urls.filter(wanted).map(function (url) {
        return fetch(url, { credentials: 'same-origin' }).then(function (r) {
          // an index lists every page of its language: those are kept too
          return r.ok && /\/index\.html$/.test(new URL(url).pathname) ? r.text().then(function (html) {
            var links = [], found, href = /href="([^"#?]+\.html)/g;
            while ((found = href.exec(html))) {
              links.push(new URL(found[1], url).href);
            }
            return keep(links);
          }) : r.ok && r.arrayBuffer();
        }).catch(function () {
          return null;
        });
      }));
    }
    var controlled = sw.controller ? Promise.resolve() : new Promise(function (resolve) {
      sw.addEventListener('controllerchange', resolve);
    });
    controlled.then(function () {
      var urls = [location.href.split('#')[0]];
      performance.getEntriesByType('resource').forEach(function (entry) {
        urls.push(entry.name);
      });
      Array.prototype.forEach.call(document.querySelectorAll('a[href]'), function (a) {
        urls.push(a.href.split('#')[0]);
      });
      // the fonts of every @font-face, which a browser fetches only when a page first shows a letter in them
      // (the first source of each: the one a browser that knows it takes)
      Array.prototype.forEach.call(document.styleSheets, function (sheet) {
        try {
          Array.prototype.forEach.call(sheet.cssRules, function (rule) {
            var src = rule.type === CSSRule.FONT_FACE_RULE && /url\(["']?([^"')]+)/.exec(rule.style.getPropertyValue('src'));
            if (src && !/^data:/.test(src[1])) {
              urls.push(new URL(src[1], sheet.href || location.href).href);
            }
          });
        } catch (e) {
          // a style sheet from elsewhere cannot be read (a course page has none)
        }
      });
      return keep(urls);
    }).then(function () {
      document.body.dataset.thirtyoneOffline = 'kept';
      note('kept ' + Object.keys(asked).length + ' files for offline use');
    });
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
