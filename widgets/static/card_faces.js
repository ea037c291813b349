// Parlour card faces (anywidget ES module): each card's picture drawn once per page by the stylesheet.
// A table's piles and tricks name a face-up card by a box (<span class="parlour-card-face" data-card="QS">);
// the kernel sends each card's drawing once (widgets/card_faces.py) and this module adds a rule that draws it,
// so a repaint resends a few dozen bytes a card, not its picture, and the browser parses no SVG again.

/** The inks a four-colour pack changes (the suit letter that ends a card's notation -> the usual ink). */
const SUIT_INK = { D: "#c8102e", C: "#1b1b1f" };

/** A picture address for an SVG drawing. */
export function pictureUrl(svg) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The rules that draw card `key` (its `svg`): the usual pack, and for a diamond or a club the four-colour pack's
 * (`inks`: {D, C}, the colours static/table.css gives html.parlour-four-colour). */
export function faceRules(key, svg, inks = {}) {
  const box = `.parlour-card-face[data-card=${JSON.stringify(key)}]`;
  const rules = [`${box} { background-image: url("${pictureUrl(svg)}"); }`];
  const suit = key.slice(-1);
  if (inks[suit] && SUIT_INK[suit]) {
    const drawn = svg.split(`"${SUIT_INK[suit]}"`).join(`"${inks[suit]}"`);
    rules.push(`html.parlour-four-colour ${box} { background-image: url("${pictureUrl(drawn)}"); }`);
  }
  return rules;
}

/** The page's one sheet of card faces (made on first use), and the cards it draws. */
function sheetOf(doc) {
  let style = doc.getElementById("parlour-card-faces");
  if (!style) {
    style = doc.createElement("style");
    style.id = "parlour-card-faces";
    doc.head.appendChild(style);
  }
  if (!style.parlourDrawn) style.parlourDrawn = new Set();
  return style;
}

/** Draw these faces ({key: svg}) on the page, each once (two kernels of one page send the same drawings). */
export function addFaces(doc, faces, inks) {
  const style = sheetOf(doc);
  for (const [key, svg] of Object.entries(faces || {})) {
    if (typeof svg !== "string" || style.parlourDrawn.has(key)) continue;
    style.parlourDrawn.add(key);
    for (const rule of faceRules(key, svg, inks)) style.sheet.insertRule(rule, style.sheet.cssRules.length);
  }
}

function initialize({ model }) {
  const onMessage = (msg) => {
    if (msg && typeof msg === "object" && msg.faces) addFaces(document, msg.faces, model.get("inks") || {});
  };
  model.on("msg:custom", onMessage);
  model.send({ want: "all" }); // the faces the kernel drew before this page listened
  return () => model.off("msg:custom", onMessage);
}

function render({ el }) {
  el.style.display = "none";
}

export default { initialize, render };
