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
  kept.textContent = words.kept || "";
  // a button in the course's style (the ipywidgets buttons' look; memory.css lets its words wrap on a phone)
  const button = (cls, text) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "jupyter-button widget-button " + cls;
    b.textContent = text;
    return b;
  };
  const forget = button("to-memory-forget", words.forget || "Forget my progress");
  const save = button("to-memory-save", words.save || "Save to a file");
  const load = button("to-memory-load", words.load || "Load from a file");
  const chooser = document.createElement("input");  // opened by the Load button (a file input is hard to style)
  chooser.type = "file";
  chooser.accept = ".json,application/json";
  chooser.tabIndex = -1;
  chooser.setAttribute("aria-hidden", "true");
  const ask = document.createElement("span");
  ask.className = "to-memory-confirm";
  ask.hidden = true;
  const question = document.createElement("span");
  question.textContent = words.confirm || "";
  const yes = button("to-memory-yes", words.yes || "Yes");
  const no = button("to-memory-no", words.no || "No");
  ask.append(question, yes, no);
  root.append(note, kept, forget, ask, save, load, chooser);
  el.appendChild(root);
  const showNote = () => { note.textContent = model.get("note") || ""; };
  showNote();
  model.on("change:note", showNote);
  forget.addEventListener("click", () => { forget.hidden = true; ask.hidden = false; yes.focus(); });
  no.addEventListener("click", () => { ask.hidden = true; forget.hidden = false; forget.focus(); });
  yes.addEventListener("click", () => {
    ask.hidden = true;
    forget.hidden = false;
    try {  // the set-aside text and the last lesson opened (the index's "Continue") go too
      const s = store();
      if (s) { s.removeItem(key + ".set-aside"); s.removeItem(key + ".last"); }
    } catch (e) { /* nothing to remove */ }
    model.send({ event: "forget" });
    forget.focus();
  });
  // Save to a file: the record as this browser keeps it, downloaded as a .json file (no server involved)
  save.addEventListener("click", () => {
    const text = get(key) || model.get("saved") || model.get("blank");
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "thirtyone-progress-" + key.split(".").pop() + ".json";
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  // Load from a file: its text goes to Python, which checks it (progress.read) and keeps it or says why not
  load.addEventListener("click", () => chooser.click());
  chooser.addEventListener("change", () => {
    const file = chooser.files && chooser.files[0];
    chooser.value = "";  // the same file may be chosen again
    if (!file) return;
    const send = (text) => model.send({ event: "load", text });
    if (file.size > 5000000) { send(""); return; }  // too big to be a record: Python says so
    file.text().then(send, () => send(""));
  });
}

export default { render };
