/* The learner's progress on the page's course bar and on the index's lesson list (issue 22), read from the
 * browser's localStorage by the page itself: no kernel round trip. The record is the one thirtyone/progress.py
 * writes (key "thirtyone.progress.<page language>"); each exercise carries its "stars" (0 to 3), worked out
 * there. A page's mark: "done" when it is done, and the fewest stars of its exercises tried, drawn as ★★☆ with
 * the words "2 of 3 stars" for a screen reader (and not by colour). A record that cannot be read shows nothing.
 * The widget that keeps the record (memory.js) fires "thirtyone-progress" when it writes it: the marks follow.
 * Every lesson named on the bar gets its mark: the page's own after "Lesson 2 of 6", a linked one after the link.
 * Each lesson page, when it opens, is remembered as the last one opened (key "thirtyone.progress.<lang>.last",
 * beside the record), and the index offers "Continue where you left off: Lesson N: title" at its top.
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
      done: 'done', // a page the learner finished
      continue: 'Continue where you left off: {name}', // the index's link to the last lesson opened (its name)
      lesson_title: 'Lesson {n}: {title}' // that lesson, as the course bar names one
    },
    window.THIRTYONE_WORDS || {}
  );

  function key() {
    return 'thirtyone.progress.' + (document.documentElement.lang || 'en');
  }

  function record() {
    try {
      var r = JSON.parse(window.localStorage.getItem(key()));
      return r && r.version === 1 && r.pages && typeof r.pages === 'object' ? r : null;
    } catch (e) {
      return null;
    }
  }

  // a page's mark: " · done, ★★☆" (after the bar's "Lesson 2 of 6"), or " (done, ★★☆)" after a link (inside the
  // bar, where " · " already parts the links, and on the index, where a colon follows)
  function mark(page, linked) {
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
    span.appendChild(document.createTextNode((linked ? ' (' : ' · ') + (page.done === true ? WORDS.done : '')));
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
    if (linked) {
      span.appendChild(document.createTextNode(')'));
    }
    return span;
  }

  function stemOf(href) {
    return (href || '').split('?')[0].split('/').pop().replace(/\.ipynb$/, '');
  }

  // a lesson's stem is its two-digit number in the course and a name (the course manifest, thirtyone/course.py,
  // checks every lesson's): no list of the pages here
  function isLesson(stem) {
    return /^[0-9][0-9]-[a-z0-9-]+$/.test(stem);
  }

  // this page, if it is a lesson, is the last one the learner opened (no kernel needed: the address says it)
  function remember() {
    var here = stemOf(window.location.pathname);
    if (isLesson(here)) {
      try {
        window.localStorage.setItem(key() + '.last', here);
      } catch (e) {
        /* storage refused: nothing remembered */
      }
    }
  }

  // the index: "Continue where you left off: Lesson N: title", linked, under the course bar at its top
  function offerContinue() {
    var last = null;
    try {
      last = window.localStorage.getItem(key() + '.last');
    } catch (e) {
      return;
    }
    if (stemOf(window.location.pathname) !== 'index' || !last || !isLesson(last)) {
      return;
    }
    var listed = null;
    document.querySelectorAll('#rendered_cells li > a[href$=".ipynb"]').forEach(function (a) {
      if (!listed && stemOf(a.getAttribute('href')) === last) {
        listed = a;
      }
    });
    var top = document.querySelector('nav.to-language') || document.querySelector('nav.to-course-bar');
    if (!listed || !top) {
      return;
    }
    var title = WORDS.lesson_title.replace('{n}', String(parseInt(last, 10))).replace('{title}', listed.textContent);
    var p = document.createElement('p');
    p.className = 'to-continue';
    var a = document.createElement('a');
    a.href = listed.getAttribute('href');
    a.textContent = WORDS.continue.replace('{name}', title);
    p.appendChild(a);
    top.after(p);
  }

  function show() {
    document.querySelectorAll('.to-progress-mark, .to-continue').forEach(function (e) { e.remove(); });
    offerContinue();
    var r = record();
    if (!r) {
      return;
    }
    var here = stemOf(window.location.pathname);
    document.querySelectorAll('nav.to-course-bar > strong').forEach(function (strong) {
      var m = mark(r.pages[here], false);
      if (m) {
        strong.after(m);
      }
    });
    document.querySelectorAll('nav.to-course-bar > a[href$=".ipynb"]').forEach(function (a) {
      var href = a.getAttribute('href') || '';
      var m = href.indexOf('/') < 0 && isLesson(stemOf(href)) ? mark(r.pages[stemOf(href)], true) : null;
      if (m) {
        a.after(m);
      }
    });
    // an index link is followed by ": what the lesson teaches", so its mark is in brackets too, not "· done:"
    document.querySelectorAll('#rendered_cells li > a[href$=".ipynb"]').forEach(function (a) {
      var m = mark(r.pages[stemOf(a.getAttribute('href'))], true);
      if (m) {
        a.after(m);
      }
    });
  }

  remember();
  window.thirtyoneProgress = { show: show };
  window.addEventListener('thirtyone-progress', show);
  window.addEventListener('storage', show);
}());
