// Parlour "Copy link": the page's address with the table's deal, level and game, to the clipboard.
// In JupyterLab or the classic notebook the address is turned into the lesson's Voilà page.

/** The app page for a page at `href` (a Voilà page, a JupyterLab tab, a notebook, the static site's
 * REPL showing lessons/<lesson>.html) with `query`. */
export function linkFor(href, query) {
  const url = new URL(href);
  const lesson = url.searchParams.get("lesson");
  const site = url.pathname.match(/^(.*\/)repl\/(?:index\.html)?$/);
  if (site && lesson && /^[a-z0-9_/]+$/.test(lesson)) url.pathname = `${site[1]}lessons/${lesson}.html`;
  const m = url.pathname.match(/^(.*?\/)(?:lab\/tree|lab\/workspaces\/[^/]+\/tree|notebooks|doc\/tree)\/(.+\.ipynb)$/);
  if (m) url.pathname = `${m[1]}voila/render/${m[2]}`;
  url.search = query;
  url.hash = "";
  return url.toString();
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_err) {
    const area = document.createElement("textarea");
    area.value = text;
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (_e) { ok = false; }
    area.remove();
    return ok;
  }
}

function render({ model, el }) {
  el.classList.add("parlour-copy-link");
  el.style.display = "inline-flex";
  el.style.alignItems = "center";
  el.style.gap = "6px";
  el.style.flex = "0 0 auto";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button";
  button.style.width = "auto";
  const shown = document.createElement("input");
  shown.type = "text";
  shown.readOnly = true;
  shown.dataset.testid = "deal-link";
  shown.style.display = "none";
  shown.style.width = "260px";
  const said = document.createElement("span");
  said.setAttribute("role", "status");
  said.style.fontSize = "12px";
  let copied = "";
  const say = () => {
    const words = model.get("words");
    button.textContent = words.button;
    button.title = words.tooltip;
    shown.setAttribute("aria-label", words.field);
    copied = words.copied;
  };
  say();
  model.on("change:words", say);
  button.addEventListener("click", async () => {
    const link = linkFor(window.location.href, model.get("query"));
    shown.value = link;
    const ok = await copyText(link);
    shown.style.display = ok ? "none" : "";
    if (!ok) shown.select();
    said.textContent = ok ? copied : model.get("words").by_hand;
    setTimeout(() => { if (said.textContent === copied) said.textContent = ""; }, 2500);
  });
  model.on("change:query", () => { shown.style.display = "none"; said.textContent = ""; });
  el.append(button, said, shown);
  // A preheated kernel never saw the request: tell it the page's query string (it ignores repeats).
  model.send({ event: "page", search: window.location.search });
}

export default { render };
