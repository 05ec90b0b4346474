/* The learner's progress on the page's course bar and on the index's lesson list (issue 22), read from the
 * browser's localStorage by the page itself: no kernel round trip. The record is the one thirtyone/progress.py
 * writes (key "thirtyone.progress.<page language>"); each exercise carries its "stars" (0 to 3), worked out
 * there. A page's mark: "done" when it is done, and the fewest stars of its exercises tried, drawn as ★★☆ with
 * the words "2 of 3 stars" for a screen reader (and not by colour). A record that cannot be read shows nothing.
 * The widget that keeps the record (memory.js) fires "thirtyone-progress" when it writes it: the marks follow.
 * Words: `WORDS` in English; a page in another language brings them in window.THIRTYONE_WORDS.
 */
(function () {
  'use strict';
  if (window.thirtyoneProgress) {
    return;
  }
  // what the marks say, in English; a page in another language brings its own (same keys; {n} is a number)
  var WORDS = Object.assign(
    {
      stars: '{n} of 3 stars', // for a screen reader, in place of the drawn ★★☆
      done: 'done' // a page the learner finished
    },
    window.THIRTYONE_WORDS || {}
  );

  function record() {
    try {
      var lang = document.documentElement.lang || 'en';
      var r = JSON.parse(window.localStorage.getItem('thirtyone.progress.' + lang));
      return r && r.version === 1 && r.pages && typeof r.pages === 'object' ? r : null;
    } catch (e) {
      return null;
    }
  }

  function mark(page) {
    if (!page || typeof page !== 'object') {
      return null;
    }
    var fewest = null;
    var ex = page.exercises && typeof page.exercises === 'object' ? page.exercises : {};
    Object.keys(ex).forEach(function (name) {
      var s = ex[name] && ex[name].stars;
      if (typeof s === 'number' && s >= 0 && s <= 3 && Math.floor(s) === s) {
        fewest = fewest === null ? s : Math.min(fewest, s);
      }
    });
    if (fewest === null && page.done !== true) {
      return null;
    }
    var span = document.createElement('span');
    span.className = 'to-progress-mark';
    span.appendChild(document.createTextNode(' · ' + (page.done === true ? WORDS.done : '')));
    if (fewest !== null) {
      if (page.done === true) {
        span.appendChild(document.createTextNode(', '));
      }
      var drawn = document.createElement('span');
      drawn.setAttribute('aria-hidden', 'true');
      drawn.textContent = '★★★'.slice(0, fewest) + '☆☆☆'.slice(0, 3 - fewest);
      var said = document.createElement('span');
      said.className = 'to-watch-sr';
      said.textContent = WORDS.stars.replace('{n}', String(fewest));
      span.appendChild(drawn);
      span.appendChild(said);
    }
    return span;
  }

  function stemOf(href) {
    return (href || '').split('?')[0].split('/').pop().replace(/\.ipynb$/, '');
  }

  function show() {
    document.querySelectorAll('.to-progress-mark').forEach(function (e) { e.remove(); });
    var r = record();
    if (!r) {
      return;
    }
    var here = stemOf(window.location.pathname);
    document.querySelectorAll('nav.to-course-bar > strong').forEach(function (strong) {
      var m = mark(r.pages[here]);
      if (m) {
        strong.after(m);
      }
    });
    document.querySelectorAll('#rendered_cells li > a[href$=".ipynb"]').forEach(function (a) {
      var m = mark(r.pages[stemOf(a.getAttribute('href'))]);
      if (m) {
        a.after(m);
      }
    });
  }

  window.thirtyoneProgress = { show: show };
  window.addEventListener('thirtyone-progress', show);
  window.addEventListener('storage', show);
}());
