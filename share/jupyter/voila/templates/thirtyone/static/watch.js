/* thirtyone's page watch: a lesson page never fails silently (loaded by index.html.j2, in the page's head).
 *
 * Two things can leave a learner with a page that looks fine and does nothing:
 *
 * 1. Its widgets never come. Under a burst of learners the server can lose a cell's output ("Timeout
 *    waiting for IOPub output": the cell shows nothing), a widget's model can be missing ("Error displaying
 *    widget: model not found"), the kernel can be gone before the page connects (the widgets fall back to
 *    their text form), or the kernel can be too slow to send the widgets' state. The page checks, once it
 *    has loaded, that every widget the server sent is drawn; if one is not, it says "The server is busy:
 *    trying again in N seconds…" (role="status") and reloads itself, a bounded number of times with growing
 *    waits, then offers a Reload button (role="alert").
 * 2. Its kernel or its connection is lost (the kernel died or was restarted, the server stopped, the network
 *    went away). Voilà's front end would queue every click and show nothing; the page says so instead
 *    (role="alert", a focused "Reload the page" button) and makes the widgets inert. A reload waits until
 *    the server answers (else the browser would show its own error page), saying so.
 *
 * How a page decides its widgets did not come (all but the first after the browser's "load" event):
 * - while its cells arrive: no new cell came for `arriveTimeout` s (the server's kernel for the page stalled;
 *   Voilà keeps the page's connection open with its heartbeats, so the browser alone would wait for ever). The
 *   clock starts with the page's body (Voilà's spinner) and stops with the last cell (Voilà's voila_finish):
 *   the scripts the browser fetches before and after, on a slow network, are not the server's kernel;
 * - at once: the page arrived cut short (the template's last script never ran); a code cell the template
 *   knows must show something came with no output (watch.macro.html.j2 marks it); a widget placeholder
 *   shows "Error displaying widget…" or its text form;
 * - after a while: Voilà's front end did not start within `appTimeout` s; the widgets are still loading
 *   and for `stallTimeout` s nothing came from the kernel and no widget was drawn; they are still loading
 *   `hardTimeout` s after the front end started; there is no widget manager `noKernelTimeout` s after.
 *   A slow page keeps receiving messages from its kernel, so it is not interrupted.
 * How it decides the kernel or connection is lost (once its widgets came):
 * - the kernel's status becomes 'dead', 'restarting' or 'autorestarting' (the widgets are gone with it);
 * - the websocket gives up ('disconnected'), or does not come back within `reconnectGrace` s; sooner when
 *   the server says it has no such kernel (404), or `noAnswerGrace` s after the server did not answer.
 *   A websocket that comes back to the same kernel takes the message away again.
 *
 * Voilà 0.5 exposes what this needs: `window.jupyterapp.widgetManager.kernel` is the page's
 * @jupyterlab/services KernelConnection, with the signals `statusChanged`, `connectionStatusChanged`
 * ('connecting' while its websocket tries again, 'disconnected' once it gives up) and `anyMessage`.
 *
 * The page speaks its own language: every word it says (these messages, and what the page shows while it loads:
 * the spinner's text and each widget's placeholder, which Voilà's widget manager writes as "Loading widget...")
 * is one of `WORDS`, in English here; the template sets `window.THIRTYONE_WORDS` (a page's notebook metadata
 * `thirtyone.words`, tools/make_notebooks.py) to the same keys in the page's language.
 *
 * Timings can be changed (for tests) by setting `window.THIRTYONE_WATCH = {…}` before this script runs.
 * The page's state ('loading', 'ready', 'retrying', 'busy', 'lost') is `document.body.dataset.thirtyoneWatch`;
 * `window.thirtyoneWatch.log` holds this load's events in seconds since navigation, `.earlier` the logs of
 * this tab's loads before the watch reloaded it.
 */
(function () {
  'use strict';
  if (window.thirtyoneWatch) {
    return;
  }
  var settings = Object.assign(
    {
      appTimeout: 60, // s after "load" for Voilà's front end to start
      stallTimeout: 20, // s with widgets loading and nothing from the kernel, no widget drawn
      hardTimeout: 120, // s after the front end started, widgets still loading
      noKernelTimeout: 5, // s after the front end started without a kernel connection for its widgets
      arriveTimeout: 60, // s without a new cell while the page arrives (a cell runs in well under 1 s)
      retries: [5, 15, 30], // s before each automatic reload (then a little random extra)
      reconnectGrace: 5, // s a lost connection may take to come back by itself
      noAnswerGrace: 2, // s, instead, once the server did not answer the page's question
      probeEvery: 5, // s between asking a server that does not answer again
      poll: 0.5 // s between checks while loading
    },
    window.THIRTYONE_WATCH || {}
  );

  var WIDGET = 'application/vnd.jupyter.widget-view+json';
  var KEY = 'thirtyone-retries ' + location.pathname;
  var LOG_KEY = 'thirtyone-watch-log ' + location.pathname; // the logs of this tab's earlier loads
  var RETRY_MEMORY = 600; // s: older automatic retries are forgotten
  // what the page says, in English; a page in another language brings its own (same keys: {n}, {i} are numbers)
  var WORDS = Object.assign(
    {
      loading_page: 'Loading the page…', // the spinner, while the server runs the page's cells
      loading_step: 'Loading the page: {i} of {n}…',
      loading_widget: 'Loading…', // a widget not drawn yet
      lost:
        'The lesson lost its connection to the server. Your moves here are not saved. ' +
        'Reload the page to start it again.',
      gave_up: 'The server is still too busy to start this lesson. Wait a minute, then reload the page.',
      no_answer: 'The server does not answer yet. This page reloads by itself as soon as it does.',
      reload: 'Reload the page',
      busy_one: 'The server is busy: trying again in {n} second…', // (English and Spanish: 1 is the one singular)
      busy_many: 'The server is busy: trying again in {n} seconds…'
    },
    window.THIRTYONE_WORDS || {}
  );
  var LOST = WORDS.lost;
  var GAVE_UP = WORDS.gave_up;
  var NO_ANSWER = WORDS.no_answer;
  var VOILAS_LOADING = 'Loading widget...'; // what Voilà's widget manager writes into a widget not drawn yet

  var log = [];
  var state = 'loading'; // loading | ready | retrying | busy | lost
  var complete = false;
  var loadAt = null;
  var appAt = null;
  var progressAt = null;
  var arrivedAt = null; // when the page's cells last moved on: its body began, then each cell
  var cellsDone = false; // the server sent the last cell (Voilà called voila_finish)
  var drawn = 0;
  var kernel = null;
  var wasConnected = false;
  var graceTimer = null;
  var lostBy = null; // 'kernel' | 'connection'
  var unloading = false;
  var regions = null;

  function words(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }

  function busy(seconds) {
    return words(seconds === 1 ? WORDS.busy_one : WORDS.busy_many, { n: seconds });
  }

  function now() {
    return performance.now() / 1000;
  }

  function note(event) {
    log.push([Math.round(now() * 100) / 100, event]);
  }

  function setState(value) {
    state = value;
    if (document.body) {
      document.body.dataset.thirtyoneWatch = value;
    }
  }

  function baseUrl() {
    var body = document.body;
    var voilaUrl = (body && body.dataset.baseUrl) || '/voila/';
    return voilaUrl.replace(/voila\/$/, '');
  }

  // -- the retry count, per tab and page ------------------------------------------------------
  function retriesSoFar() {
    try {
      var kept = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (kept && Date.now() / 1000 - kept.t < RETRY_MEMORY) {
        return kept.n;
      }
      return 0;
    } catch (e) {
      return settings.retries.length; // no storage: no automatic retries, the button still works
    }
  }

  function keepRetries(n) {
    try {
      if (n === 0) {
        sessionStorage.removeItem(KEY);
      } else {
        sessionStorage.setItem(KEY, JSON.stringify({ n: n, t: Date.now() / 1000 }));
      }
    } catch (e) {
      /* no storage */
    }
  }

  function earlierLogs() {
    try {
      return JSON.parse(sessionStorage.getItem(LOG_KEY) || '[]');
    } catch (e) {
      return [];
    }
  }

  function keepLog() {
    try {
      sessionStorage.setItem(LOG_KEY, JSON.stringify(earlierLogs().concat([log]).slice(-5)));
    } catch (e) {
      /* no storage */
    }
  }

  // -- what the learner sees ------------------------------------------------------------------
  function ensureRegions() {
    if (regions || !document.body) {
      return regions;
    }
    var box = document.createElement('div');
    box.className = 'to-watch';
    var status = document.createElement('div');
    status.className = 'to-watch-status';
    status.setAttribute('role', 'status');
    var alert = document.createElement('div');
    alert.className = 'to-watch-alert';
    alert.setAttribute('role', 'alert');
    box.appendChild(status);
    box.appendChild(alert);
    document.body.appendChild(box);
    regions = { status: status, alert: alert };
    return regions;
  }

  function clearRegions() {
    var r = ensureRegions();
    r.status.textContent = '';
    r.alert.textContent = '';
  }

  function say(kind, text, withButton) {
    var r = ensureRegions();
    clearRegions();
    var p = document.createElement('p');
    p.className = 'to-watch-text';
    p.textContent = text;
    r[kind].appendChild(p);
    if (withButton) {
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'to-watch-reload';
      button.textContent = WORDS.reload;
      button.addEventListener('click', function () {
        keepRetries(0);
        reloadWhenServerAnswers(p);
      });
      r[kind].appendChild(button);
      button.focus({ preventScroll: true });
    }
    return p;
  }

  function countdown(seconds) {
    // the live region is read once; the visible number counts down beside it
    var r = ensureRegions();
    clearRegions();
    var p = document.createElement('p');
    p.className = 'to-watch-text';
    var spoken = document.createElement('span');
    spoken.className = 'to-watch-sr';
    spoken.textContent = busy(seconds);
    var shown = document.createElement('span');
    shown.setAttribute('aria-hidden', 'true');
    p.appendChild(spoken);
    p.appendChild(shown);
    r.status.appendChild(p);
    var left = seconds;
    function tick() {
      shown.textContent = busy(left);
      if (left <= 0) {
        reloadWhenServerAnswers(p);
        return;
      }
      left -= 1;
      setTimeout(tick, 1000);
    }
    tick();
  }

  function hideBroken() {
    // Voilà's "Error displaying widget: model not found", or a widget's text form, is not the learner's
    // words: the message says what happened
    document.querySelectorAll('[data-thirtyone-widget] > .jp-OutputArea-output').forEach(function (out) {
      if (isBroken(out)) {
        out.classList.add('to-watch-hidden');
      }
    });
  }

  function disableWidgets() {
    document.querySelectorAll('[data-thirtyone-widget]').forEach(function (el) {
      el.setAttribute('inert', '');
      el.classList.add('to-watch-dead');
    });
  }

  function enableWidgets() {
    document.querySelectorAll('[data-thirtyone-widget]').forEach(function (el) {
      el.removeAttribute('inert');
      el.classList.remove('to-watch-dead');
    });
  }

  // -- reloading: only once the server answers (else the browser shows its own error page) ----------
  function serverAnswers() {
    var url = baseUrl() + 'voila/static/voila.js';
    return fetch(url, { method: 'HEAD', cache: 'no-store' }).then(
      function (r) {
        return r.ok;
      },
      function () {
        return false;
      }
    );
  }

  var reloading = false;

  function reloadWhenServerAnswers(textNode) {
    if (reloading) {
      return; // already asking
    }
    reloading = true;
    ask(textNode);
  }

  function ask(textNode) {
    serverAnswers().then(function (ok) {
      if (ok) {
        note('reload');
        keepLog();
        location.reload();
        return;
      }
      note('server does not answer');
      if (textNode && textNode.textContent !== NO_ANSWER) {
        textNode.textContent = NO_ANSWER;
      }
      setTimeout(function () {
        ask(textNode);
      }, settings.probeEvery * 1000);
    });
  }

  // -- widgets did not come: retry, then give up ------------------------------------------------
  function fail(reason) {
    if (state !== 'loading' || unloading) {
      return;
    }
    note('failed: ' + reason);
    hideBroken();
    var n = retriesSoFar();
    if (n < settings.retries.length) {
      setState('retrying');
      keepRetries(n + 1);
      var wait = Math.round(settings.retries[n] * (1 + 0.3 * Math.random()));
      countdown(wait);
    } else {
      setState('busy');
      say('alert', GAVE_UP, true);
    }
  }

  function ready() {
    setState('ready');
    note('ready');
    keepRetries(0);
  }

  // -- kernel or connection lost ----------------------------------------------------------------
  function lost(reason, by) {
    if (unloading) {
      return;
    }
    note('lost: ' + reason);
    if (state === 'loading') {
      fail(reason); // nothing of the learner's is lost yet: retry as for a busy server
      return;
    }
    if (state === 'lost' && by === 'kernel') {
      lostBy = by; // the kernel is gone too: a connection coming back does not bring it back
    }
    if (state !== 'ready') {
      return;
    }
    lostBy = by;
    setState('lost');
    disableWidgets();
    say('alert', LOST, true);
  }

  function back() {
    // the websocket came back to a kernel that is still there: nothing was lost after all
    if (state === 'lost' && lostBy === 'connection') {
      note('connection back');
      lostBy = null;
      enableWidgets();
      clearRegions();
      setState('ready');
    }
  }

  function kernelUrl() {
    return baseUrl() + 'api/kernels/' + encodeURIComponent(kernel.id);
  }

  function graceFor(seconds) {
    // a websocket that does not come back within `seconds` means the page is lost
    if (graceTimer !== null) {
      clearTimeout(graceTimer);
    }
    graceTimer = setTimeout(function () {
      graceTimer = null;
      if (kernel.connectionStatus !== 'connected') {
        lost('no reconnection', 'connection');
      }
    }, seconds * 1000);
  }

  function connectionTrouble(status) {
    if (status === 'disconnected') {
      lost('connection ' + status, 'connection'); // the connection gave up trying
      return;
    }
    if (graceTimer !== null) {
      return; // already waiting
    }
    graceFor(settings.reconnectGrace);
    // ask the server whether it still has the kernel: without it the page is lost now
    fetch(kernelUrl(), { cache: 'no-store' }).then(
      function (r) {
        if (r.status === 404) {
          lost('kernel gone from the server', 'kernel');
        } else if (r.ok && graceTimer !== null) {
          graceFor(3 * settings.reconnectGrace); // the server has it: the websocket should come back
        }
      },
      function () {
        // no answer at all (server stopped, network gone): lost unless the websocket is back at once
        graceFor(settings.noAnswerGrace);
      }
    );
  }

  function watchKernel(k) {
    kernel = k;
    note('kernel ' + k.status + ', ' + k.connectionStatus);
    wasConnected = k.connectionStatus === 'connected';
    k.statusChanged.connect(function (_, status) {
      if (status === 'dead' || status === 'restarting' || status === 'autorestarting') {
        note('kernel ' + status);
        lost('kernel ' + status, 'kernel');
      }
    });
    k.connectionStatusChanged.connect(function (_, status) {
      note('connection ' + status);
      if (status === 'connected') {
        wasConnected = true;
        if (graceTimer !== null) {
          clearTimeout(graceTimer);
          graceTimer = null;
        }
        back();
      } else if (wasConnected) {
        connectionTrouble(status);
      }
    });
    k.anyMessage.connect(function (_, args) {
      if (args.direction === 'recv') {
        progressAt = now();
      }
    });
  }

  // -- did the widgets come? ------------------------------------------------------------------------
  function markWidgets() {
    // before Voilà's front end replaces them, the outputs are JSON in script tags: note which hold a widget
    document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]').forEach(function (s) {
      var text = s.textContent;
      if (text.indexOf(WIDGET) < 0 || !s.parentElement) {
        return;
      }
      try {
        var view = JSON.parse(text).data[WIDGET];
        if (view && view.model_id) {
          s.parentElement.dataset.thirtyoneWidget = view.model_id;
        }
      } catch (e) {
        /* not ours to judge */
      }
    });
  }

  function isBroken(out) {
    // a widget output that will never be drawn: its model is missing from the kernel ("Error displaying
    // widget: model not found"), or, with no widget manager at all, it fell back to its text form
    return (
      !out.querySelector('.jupyter-widgets') &&
      (/^Error displaying widget/.test(out.textContent) || out.hasAttribute('data-mime-type'))
    );
  }

  function widgets() {
    var count = { drawn: 0, loading: 0, broken: 0 };
    document.querySelectorAll('[data-thirtyone-widget]').forEach(function (box) {
      var out = box.querySelector(':scope > .jp-OutputArea-output');
      if (!out) {
        count.loading += 1; // Voilà's front end has not rendered this output yet
      } else if (out.querySelector('.jupyter-widgets')) {
        count.drawn += 1; // the widget's view is inside
      } else if (isBroken(out)) {
        count.broken += 1;
      } else {
        count.loading += 1; // "Loading widget..."
      }
    });
    return count;
  }

  function check() {
    if (state !== 'loading' || unloading) {
      return;
    }
    var t = now();
    var app = window.jupyterapp;
    if (!app) {
      if (t - loadAt > settings.appTimeout) {
        fail('the front end did not start');
        return;
      }
      setTimeout(check, settings.poll * 1000);
      return;
    }
    if (appAt === null) {
      appAt = progressAt = t;
      note('front end started');
    }
    var manager = app.widgetManager;
    if (manager && kernel === null) {
      watchKernel(manager.kernel);
    }
    var count = widgets();
    if (count.broken > 0) {
      fail(count.broken + ' widget(s) missing');
      return;
    }
    if (count.loading === 0) {
      ready();
      return;
    }
    if (!manager && t - appAt > settings.noKernelTimeout) {
      fail('no kernel for the widgets');
      return;
    }
    if (count.drawn > drawn) {
      drawn = count.drawn;
      progressAt = t;
    }
    if (t - appAt > settings.hardTimeout) {
      fail('widgets still loading after ' + settings.hardTimeout + ' s');
      return;
    }
    if (t - progressAt > settings.stallTimeout) {
      fail('nothing from the kernel for ' + settings.stallTimeout + ' s');
      return;
    }
    setTimeout(check, settings.poll * 1000);
  }

  // -- while the page loads: in its own words ------------------------------------------------------
  function spinner() {
    // called by the template right after Voilà's spinner and its helper functions: the spinner's text, and
    // the count of cells run that Voilà writes into it ("Executing 3 of 17"), in the page's words
    var text = document.getElementById('loading_text');
    if (text) {
      text.textContent = WORDS.loading_page;
    }
    arrived();
    setTimeout(stillArriving, settings.poll * 1000);
    var finish = window.voila_finish;
    if (typeof finish === 'function') {
      window.voila_finish = function () {
        cellsDone = true;
        return finish.apply(this, arguments);
      };
    }
    var voilas = window.update_loading_text;
    if (typeof voilas !== 'function') {
      return;
    }
    var ours = function (index, count, said) {
      arrived();
      voilas(index, count, said);
      var el = document.getElementById('loading_text');
      if (el && (said === undefined || said === null)) {
        el.textContent = words(WORDS.loading_step, { i: index, n: count });
      }
    };
    window.update_loading_text = ours;
    if (window.voila_process === voilas) {
      window.voila_process = ours;
    }
  }

  // a widget not drawn yet: Voilà's widget manager writes "Loading widget..." into its place (into a node of
  // its own, which the output area then adds to the page, or into a node already there); the page's word
  // instead, before the browser paints it (an observer's callback runs before the next paint)
  function ownWords(node) {
    if (node.nodeType === 3) {
      if (node.data === VOILAS_LOADING) {
        node.data = WORDS.loading_widget;
      }
      return;
    }
    if (node.nodeType !== 1 || node.textContent.indexOf(VOILAS_LOADING) < 0) {
      return;
    }
    var walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (var t = walk.nextNode(); t; t = walk.nextNode()) {
      if (t.data === VOILAS_LOADING) {
        t.data = WORDS.loading_widget;
      }
    }
  }
  new MutationObserver(function (records) {
    for (var r = 0; r < records.length; r++) {
      var added = records[r].addedNodes;
      for (var k = 0; k < added.length; k++) {
        ownWords(added[k]);
      }
    }
  }).observe(document, { childList: true, subtree: true });

  // -- while the page arrives: a page that stopped arriving is retried like one whose widgets did not come --
  function arrived() {
    arrivedAt = now();
  }

  function stillArriving() {
    if (cellsDone || complete || loadAt !== null || state !== 'loading' || unloading) {
      return;
    }
    if (now() - arrivedAt > settings.arriveTimeout) {
      fail('no new cell for ' + settings.arriveTimeout + ' s while the page arrived');
      return;
    }
    setTimeout(stillArriving, settings.poll * 1000);
  }

  function pageComplete() {
    // called by the template's last script: the whole page arrived
    complete = true;
    note('page complete');
    markWidgets();
  }

  window.addEventListener('beforeunload', function () {
    unloading = true;
  });
  window.addEventListener('pageshow', function (event) {
    // back to this page from the browser's cache: Voilà shut its kernel down when the learner left
    if (event.persisted) {
      location.reload();
    }
  });
  document.addEventListener('DOMContentLoaded', function () {
    setState(state);
    ensureRegions();
  });
  window.addEventListener('load', function () {
    loadAt = now();
    note('load');
    setState(state);
    if (!complete) {
      fail('the page arrived cut short');
      return;
    }
    var missing = document.querySelectorAll('[data-thirtyone-missing]').length;
    if (missing > 0) {
      fail(missing + ' cell(s) came without their output');
      return;
    }
    check();
  });

  window.thirtyoneWatch = {
    settings: settings,
    log: log,
    earlier: earlierLogs(),
    pageComplete: pageComplete,
    spinner: spinner,
    words: WORDS,
    widgets: widgets,
    get state() {
      return state;
    }
  };
})();
