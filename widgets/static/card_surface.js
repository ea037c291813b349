// Parlour card row: SVG cards you click or play from the keyboard (anywidget ES module).
// Clicks go to Python with model.send (a synced "clicked" trait would not fire twice for
// the same card); `items` is re-painted in place, reusing each position's element.

/** What a key does in a row of `count` cards with `focus` focused: {focus}, {play} or null. */
export function keyAction(key, focus, count) {
  if (!count) return null;
  const last = count - 1;
  const at = Math.max(0, Math.min(last, focus));
  switch (key) {
    case "ArrowLeft":
    case "Left":
      return { focus: Math.max(0, at - 1) };
    case "ArrowRight":
    case "Right":
      return { focus: Math.min(last, at + 1) };
    case "Home":
      return { focus: 0 };
    case "End":
      return { focus: last };
    case "Enter":
    case " ":
    case "Spacebar":
      return { play: at };
  }
  if (/^[1-9]$/.test(key)) {
    const i = Number(key) - 1;
    return i < count ? { play: i } : null;
  }
  return null;
}

/** Where the focus of a row goes when it is painted: the first card you may play, if the cards you may play have
 * just changed (`changed`) and the focused card (`focus`) is not one of them; else null (it stays). */
export function nextPlayable(items, focus, changed) {
  if (!changed || !items.length || items[focus]?.playable) return null;
  const first = items.findIndex((item) => item.playable);
  return first < 0 ? null : first;
}

/** CSS classes of one card element: dimmed means "not playable", whatever `interactive`. */
export function cardClasses(item, interactive) {
  const cls = ["parlour-card"];
  if (!item.playable) cls.push("parlour-card--dimmed");
  else if (interactive) cls.push("parlour-card--playable");
  if (item.selected) cls.push("parlour-card--selected");
  if (item.card == null) cls.push("parlour-card--back");
  return cls.join(" ");
}

/** Spoken name: the card, whether it is selected (`selectedWord`, in the row's language), that you may play it
 * (`playableWord`, given only for a row you play from: "Queen of spades, can play") or why you may not. */
export function ariaLabel(item, selectedWord = "selected", playableWord = "") {
  let text = item.name || item.card || "Face-down card";
  if (item.selected) text += `, ${selectedWord || "selected"}`;
  if (item.playable && playableWord) text += `, ${playableWord}`;
  if (!item.playable && item.tooltip) text += `: ${item.tooltip}`;
  return text;
}

/** The SVG colours a four-colour pack changes, by the suit letter that ends a card's notation. */
const SUIT_INK = { D: "#c8102e", C: "#1b1b1f" };
const FOUR_COLOUR_INK = { D: "--parlour-four-diamonds", C: "--parlour-four-clubs" };

/** The inks of the four-colour pack while the page shows it ({D, C}: the colours static/table.css gives
 * html.parlour-four-colour); {} for the usual pack. */
export function fourColourInks(doc) {
  if (!doc.documentElement.classList.contains("parlour-four-colour")) return {};
  const style = doc.defaultView.getComputedStyle(doc.documentElement);
  const inks = {};
  for (const [suit, prop] of Object.entries(FOUR_COLOUR_INK)) {
    const ink = style.getPropertyValue(prop).trim();
    if (ink) inks[suit] = ink;
  }
  return inks;
}

/** A card's picture as an image address: the SVG, its suit's ink changed for a four-colour pack. An image has no
 * text of its own, so a card control's only words are its name ("Queen of spades, can play"): what a reader
 * hears is what a voice user says (an inline SVG added its corner letters, "QQ", to the control's text). */
export function pictureUrl(svg, card, inks = {}) {
  let drawn = svg;
  const suit = card ? card.slice(-1) : "";
  if (inks[suit] && SUIT_INK[suit]) drawn = drawn.split(`"${SUIT_INK[suit]}"`).join(`"${inks[suit]}"`);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn)}`;
}

function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "parlour-row";
  el.appendChild(row);
  const nodes = []; // one {el, sig, svg} per position
  let focusIndex = 0;
  let lastPlayable = ""; // which cards could be played at the last painting

  const interactive = () => Boolean(model.get("interactive"));

  function play(i) {
    const items = model.get("items") || [];
    if (!interactive() || i < 0 || i >= items.length) return;
    model.send({ type: "play", index: i, card: items[i].card ?? null });
  }

  function syncTabIndex() {
    nodes.forEach((n, j) => {
      if (interactive()) n.el.tabIndex = j === focusIndex ? 0 : -1;
      else n.el.removeAttribute("tabindex");
    });
  }

  function focusCard(i) {
    if (!nodes.length) return;
    focusIndex = Math.max(0, Math.min(nodes.length - 1, i));
    syncTabIndex();
    nodes[focusIndex].el.focus();
  }

  function addNode(i) {
    const card = document.createElement("div");
    card.addEventListener("click", () => {
      focusIndex = i;
      syncTabIndex();
      play(i);
    });
    card.addEventListener("focus", () => {
      focusIndex = i;
      syncTabIndex();
    });
    const node = { el: card, sig: null, svg: null, img: null };
    nodes.push(node);
    row.appendChild(card);
  }

  function paint() {
    const items = model.get("items") || [];
    const live = interactive();
    const selectedWord = model.get("selected_word");
    const playableWord = live ? model.get("playable_word") : "";
    const hadFocus = nodes.some((n) => n.el === document.activeElement);
    const inks = fourColourInks(el.ownerDocument || document);
    row.style.setProperty("--parlour-card-w", `${model.get("card_width")}px`);
    row.classList.toggle("parlour-row--overlap", Boolean(model.get("overlap")));
    row.classList.toggle("parlour-row--interactive", live);
    row.setAttribute("role", live ? "toolbar" : "group");
    row.setAttribute("aria-label", model.get("label") || "Cards");

    while (nodes.length > items.length) nodes.pop().el.remove();
    while (nodes.length < items.length) addNode(nodes.length);
    items.forEach((item, i) => {
      const n = nodes[i];
      const sig = JSON.stringify([item.card, item.name, item.playable, item.tooltip,
        item.selected, live, selectedWord, playableWord]);
      const picture = item.svg ? pictureUrl(item.svg, item.card, inks) : "";
      if (n.svg !== picture) {
        if (!n.img) {
          n.img = document.createElement("img");
          n.img.setAttribute("alt", ""); // the card element carries the name
          n.img.setAttribute("draggable", "false");
          n.el.appendChild(n.img);
        }
        n.img.setAttribute("src", picture);
        n.svg = picture;
      }
      if (sig === n.sig) return;
      n.sig = sig;
      const c = n.el;
      c.className = cardClasses(item, live);
      c.dataset.card = item.card ?? "";
      c.dataset.index = String(i);
      c.title = item.tooltip || item.name || "";
      c.setAttribute("aria-label", ariaLabel(item, selectedWord, playableWord));
      if (live) {
        c.setAttribute("role", "button");
        c.setAttribute("aria-disabled", String(!item.playable));
      } else {
        c.setAttribute("role", "img");
        c.removeAttribute("aria-disabled");
      }
    });
    focusIndex = Math.max(0, Math.min(focusIndex, items.length - 1));
    // your turn came (the cards you may play changed) while the focus sat on a card you may not play now: it
    // goes to the first card you may play, so Enter plays (a reader hears a move, not a refusal)
    const playable = JSON.stringify(items.map((item) => Boolean(item.playable)));
    const target = nextPlayable(items, focusIndex, playable !== lastPlayable);
    lastPlayable = playable;
    if (hadFocus && live && target !== null) focusIndex = target;
    syncTabIndex();
    if (hadFocus && live && nodes.length) nodes[focusIndex].el.focus();
  }

  function onKey(ev) {
    if (!interactive() || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const act = keyAction(ev.key, focusIndex, nodes.length);
    if (!act) return;
    ev.preventDefault();
    ev.stopPropagation(); // keep JupyterLab's notebook shortcuts (1-9, Enter, arrows) out
    if ("focus" in act) {
      focusCard(act.focus);
    } else {
      focusCard(act.play);
      play(act.play);
    }
  }

  row.addEventListener("keydown", onKey);
  // the four-colour pack turned on or off (widgets/card_look.py sets a class on <html>): the pictures again
  const doc = el.ownerDocument || document;
  const looks = typeof MutationObserver === "function" ? new MutationObserver(paint) : null;
  if (looks) looks.observe(doc.documentElement, { attributes: true, attributeFilter: ["class"] });
  const traits = ["items", "label", "selected_word", "playable_word", "card_width", "overlap", "interactive"];
  traits.forEach((t) => model.on(`change:${t}`, paint));
  paint();
  return () => {
    traits.forEach((t) => model.off(`change:${t}`, paint));
    row.removeEventListener("keydown", onKey);
    if (looks) looks.disconnect();
  };
}

export default { render };
