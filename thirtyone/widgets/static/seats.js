// The seats a learner holds at the class's tables (classplay.py): one localStorage entry per table code, under
// the key prefix + code, holding what the page needs to sit down again after a reload (the seat and its token).
// Sent to Python once, as soon as the widget is drawn (which also tells Python the page is open); Python asks the
// script to keep or forget an entry. Storage may be missing or refuse (a private window, a full quota): the page
// then works as for a first visit, nothing is thrown.
function store() {
  try { return window.localStorage; } catch (e) { return null; }
}

function render({ model, el }) {
  const prefix = model.get("prefix");
  const found = {};
  try {
    const s = store();
    if (s) {
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        if (key && key.startsWith(prefix)) found[key.slice(prefix.length)] = s.getItem(key);
      }
    }
  } catch (e) { /* nothing readable: a first visit */ }
  model.on("msg:custom", msg => {
    try {
      const s = store();
      if (!s || !msg || typeof msg.code !== "string") return;
      if (msg.event === "keep") s.setItem(prefix + msg.code, msg.text);
      else if (msg.event === "forget") s.removeItem(prefix + msg.code);
    } catch (e) { /* storage refused: nothing kept */ }
  });
  model.set("loaded", JSON.stringify(found));
  model.save_changes();
  el.classList.add("jupyter-widgets", "to-seat-store");
  // The page is still open: said every beat_ms; its kernel outlives a closed tab by a while, and the service must
  // learn soon that the learner has gone (a bot then plays their seat). Leaving the page says so at once.
  const say = event => { try { model.send({ event }); } catch (e) { /* the kernel is gone already */ } };
  const beat = setInterval(() => say("alive"), model.get("beat_ms") || 5000);
  const gone = () => say("gone");
  window.addEventListener("pagehide", gone);
  return () => { clearInterval(beat); window.removeEventListener("pagehide", gone); };
}
export default { render };
