// The course's memory on a page (memory.py): reads the learner's record from localStorage and sends it to
// Python; writes it back whenever Python changes it. Storage may be missing or refuse (private windows, full
// quota): the page then works as for a first visit, nothing is thrown.
const CLOCK_KEY = "thirtyone.test.clock-days";

function store() {
  try { return window.localStorage; } catch (e) { return null; }
}

function get(key) {
  try { const s = store(); return s ? s.getItem(key) : null; } catch (e) { return null; }
}

function put(key, text) {
  try { const s = store(); if (s) s.setItem(key, text); } catch (e) { /* storage refused: nothing kept */ }
}

function render({ model, el }) {
  const key = model.get("key");
  const words = model.get("words") || {};
  model.on("change:saved", () => {
    const t = model.get("saved");
    if (t) put(key, t);
    window.dispatchEvent(new Event("thirtyone-progress"));  // the course bar's marks follow (template's progress.js)
  });
  model.on("change:aside", () => { const t = model.get("aside"); if (t) put(key + ".set-aside", t); });
  const days = parseFloat(get(CLOCK_KEY) || "0");
  model.set("clock_days", Number.isFinite(days) ? days : 0);
  model.set("loaded", get(key) || "");
  model.save_changes();

  el.classList.add("jupyter-widgets");  // a widget view, as the page's checks (and Voilà's ipywidgets) mark them
  const root = document.createElement("p");
  root.className = "to-note to-memory";
  const note = document.createElement("span");
  note.setAttribute("role", "status");
  const kept = document.createElement("span");
  kept.textContent = (words.kept || "") + " ";
  const forget = document.createElement("button");
  forget.type = "button";
  forget.className = "to-memory-forget";
  forget.textContent = words.forget || "Forget my progress";
  const ask = document.createElement("span");
  ask.className = "to-memory-confirm";
  ask.hidden = true;
  const question = document.createElement("span");
  question.textContent = (words.confirm || "") + " ";
  const yes = document.createElement("button");
  yes.type = "button";
  yes.className = "to-memory-yes";
  yes.textContent = words.yes || "Yes";
  const no = document.createElement("button");
  no.type = "button";
  no.className = "to-memory-no";
  no.textContent = words.no || "No";
  ask.append(question, yes, " ", no);
  root.append(note, kept, forget, ask);
  el.appendChild(root);
  const showNote = () => { const n = model.get("note"); note.textContent = n ? n + " " : ""; };
  showNote();
  model.on("change:note", showNote);
  forget.addEventListener("click", () => { forget.hidden = true; ask.hidden = false; yes.focus(); });
  no.addEventListener("click", () => { ask.hidden = true; forget.hidden = false; forget.focus(); });
  yes.addEventListener("click", () => {
    ask.hidden = true;
    forget.hidden = false;
    try { const s = store(); if (s) s.removeItem(key + ".set-aside"); } catch (e) { /* nothing to remove */ }
    model.send({ event: "forget" });
    forget.focus();
  });
}

export default { render };
