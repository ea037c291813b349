// Parlour log rows (anywidget ES module): the log's last lines, each with its "Why?" button, drawn from ONE list
// of lines, so a move that adds a line is one message to the page, not one per row. Why: widgets/table_log.py.
//
// Each row is drawn as ipywidgets draws an HBox of a Button and an HTML (the same classes, so the same look, and
// the tests' and the stylesheet's selectors still find `.parlour-log-row .widget-html`). The rows are made once
// and kept: a new line changes their text only, so a focused Why? button keeps the focus.

const WIDGET = ["lm-Widget", "jupyter-widgets"];

function makeRow(model, i) {
  const row = document.createElement("div");
  row.classList.add(...WIDGET, "lm-Panel", "widget-container", "widget-box", "widget-hbox", "parlour-log-row");
  const why = document.createElement("button");
  why.classList.add(...WIDGET, "jupyter-button", "widget-button");
  why.addEventListener("click", (ev) => {
    ev.preventDefault();
    model.send({ type: "why", row: i });
  });
  const html = document.createElement("div");
  html.classList.add(...WIDGET, "widget-inline-hbox", "widget-html");
  const content = document.createElement("div");
  content.classList.add("widget-html-content");
  html.appendChild(content);
  row.append(why, html);
  return { row, why, content, text: null };
}

function render({ model, el }) {
  el.classList.add("widget-box", "widget-vbox", "parlour-log-rows");
  const rows = [];

  function draw() {
    const lines = model.get("lines");
    const width = model.get("width");
    const size = Math.max(model.get("size"), lines.length);
    while (rows.length < size) {
      const made = makeRow(model, rows.length);
      rows.push(made);
      el.appendChild(made.row);
    }
    rows.forEach((r, i) => {
      const shown = i < lines.length;
      if (r.why.textContent !== model.get("why")) r.why.textContent = model.get("why");
      if (r.why.title !== model.get("tip")) r.why.title = model.get("tip");
      const look = `height: 24px; min-width: ${width}; visibility: ${shown ? "visible" : "hidden"}; width: ${width};`;
      if (r.why.getAttribute("style") !== look) r.why.setAttribute("style", look);
      const text = shown ? lines[i] : "";
      if (r.text !== text) {
        r.content.innerHTML = text; // the line's HTML, escaped by Python
        r.text = text;
      }
      const display = shown ? "" : "display: none;"; // an empty row takes no room: the log holds only what happened
      if ((r.row.getAttribute("style") || "") !== display) r.row.setAttribute("style", display);
    });
  }

  draw();
  model.on("change:lines", draw);
  model.on("change:why", draw);
  model.on("change:tip", draw);
  model.on("change:width", draw);
  return () => {
    model.off("change:lines", draw);
    model.off("change:why", draw);
    model.off("change:tip", draw);
    model.off("change:width", draw);
  };
}

export default { render };
