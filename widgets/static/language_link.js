// Parlour's link to a lesson (or gallery) in another language (anywidget ES module; why: widgets/lesson.py).
// Python gives the address relative to this page (Voilà's `pt/relogio.ipynb`, the static site's
// `../lessons/pt/relogio.html` from its REPL page); here it becomes a full address, so that no notebook
// front end takes a click on a relative link for a file of its own to open.

function render({ model, el }) {
  const link = el.ownerDocument.createElement("a");
  link.className = "parlour-language-link";
  const paint = () => {
    link.textContent = model.get("label");
    link.lang = link.hreflang = model.get("lang");
    link.href = new URL(model.get("href"), el.ownerDocument.location.href).href;
  };
  paint();
  model.on("change", paint);
  el.appendChild(link);
  return () => model.off("change", paint);
}

export default { render };
