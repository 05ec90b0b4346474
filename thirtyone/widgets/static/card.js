const RANKS = ["2","3","4","5","6","7","8","9","10","J","Q","K","A"];
const RANK_NAMES = ["two","three","four","five","six","seven","eight","nine","ten","jack","queen","king","ace"];
const SUITS = ["♣","♠","♥","♦"];
const SUIT_NAMES = ["clubs","spades","hearts","diamonds"];
const SUIT_KEYS = ["c","s","h","d"];
const SHAPES = [
  '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="58" r="19"/><circle cx="73" cy="58" r="19"/>' +
  '<path d="M45 50 L55 50 L62 94 L38 94 Z"/>',
  '<path d="M50 4 C 84 36, 100 52, 86 70 C 76 82, 60 78, 54 68 L 62 94 L 38 94 L 46 68 ' +
  'C 40 78, 24 82, 14 70 C 0 52, 16 36, 50 4 Z"/>',
  '<path d="M50 92 C 14 62, 2 44, 10 26 C 18 8, 42 6, 50 26 C 58 6, 82 8, 90 26 C 98 44, 86 62, 50 92 Z"/>',
  '<path d="M50 3 L88 50 L50 97 L12 50 Z"/>',
];

// What a card says and the letters on its face come from Python in the page's language (card.py, card_words:
// a German queen shows D); these English words are only the fallback of a model that sent none. data-card stays
// the engine's code (Q♥) in every language.
const ENGLISH = {name: "{rank} of {suit}", ranks: RANK_NAMES, suits: SUIT_NAMES, letters: RANKS,
                 back: "face-down card", counts: "counts"};

function spokenName(words, rank, suit) {
  return words.name.replace("{rank}", () => words.ranks[rank]).replace("{suit}", () => words.suits[suit]);
}

function suitSvg(suit, cls) {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${SHAPES[suit]}</svg>`;
}

// One card as a DOM element. v: 0..51 (rank*4+suit) or -1 for an unknown card.
// o.words: what the card says (see ENGLISH), in the page's language.
export function drawCard(v, o) {
  const words = o.words || ENGLISH;
  const known = Number.isInteger(v) && v >= 0 && v < 52;
  const up = known && o.faceUp;
  const tag = o.interactive ? "button" : "div";
  const el = document.createElement(tag);
  el.className = "to-card";
  if (o.interactive) { el.type = "button"; } else { el.setAttribute("role", "img"); }
  if (!up) {
    el.classList.add("to-back");
    el.setAttribute("aria-label", words.back);
    el.dataset.card = "back";
  } else {
    const rank = v >> 2, suit = v & 3;
    const text = RANKS[rank] + SUITS[suit];
    const letter = (words.letters || RANKS)[rank];
    el.classList.add("to-" + SUIT_KEYS[suit]);
    el.dataset.card = text;
    el.setAttribute("aria-label", spokenName(words, rank, suit));
    el.innerHTML =
      `<span class="to-corner" aria-hidden="true">${letter}${suitSvg(suit, "to-small")}</span>` +
      suitSvg(suit, "to-pip") +
      `<span class="to-corner to-bottom" aria-hidden="true">${letter}${suitSvg(suit, "to-small")}</span>`;
  }
  if (o.selected) el.classList.add("to-selected");
  if (o.highlighted) { el.classList.add("to-highlighted"); el.title = words.counts; }
  if (o.interactive) el.setAttribute("aria-pressed", o.selected ? "true" : "false");
  if (o.disabled) { el.classList.add("to-disabled"); el.setAttribute("aria-disabled", "true"); }
  if (o.fourColour) el.classList.add("to-four");
  if (o.interactive) {
    el.addEventListener("click", (e) => {
      e.preventDefault();
      if (!o.disabled && o.onActivate) o.onActivate(v);
    });
  }
  return el;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "to-row";
  el.appendChild(root);
  const draw = () => {
    const single = model.get("cards") === undefined;
    const label = model.get("label") || "";
    const interactive = model.get("interactive");
    const sent = model.get("words") || {};
    const words = sent.name && sent.ranks && sent.suits ? {...ENGLISH, ...sent} : ENGLISH;
    root.setAttribute("role", "group");
    if (label) root.setAttribute("aria-label", label); else root.removeAttribute("aria-label");
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    root.replaceChildren();
    const values = single ? [model.get("value")] : model.get("cards");
    const sel = single ? (model.get("selected") ? [values[0]] : []) : model.get("selected");
    const hl = single ? (model.get("highlighted") ? [values[0]] : []) : model.get("highlighted");
    const dis = single ? (model.get("disabled") ? [values[0]] : []) : model.get("disabled");
    for (const v of values) {
      const card = drawCard(v, {
        faceUp: model.get("face_up"), interactive,
        selected: sel.includes(v), highlighted: hl.includes(v), disabled: dis.includes(v),
        fourColour: model.get("four_colour"), words,
        onActivate: (c) => model.send({ event: "activate", card: c }),
      });
      root.appendChild(card);
      if (focused && card.dataset.card === focused) card.focus();
    }
    root.classList.toggle("to-empty", values.length === 0);
  };
  draw();
  const names = ["cards", "value", "selected", "highlighted", "disabled", "face_up", "four_colour", "interactive", "label", "words"];
  for (const n of names) model.on(`change:${n}`, draw);
}

export default { render };
