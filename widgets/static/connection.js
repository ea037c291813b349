// Parlour "connection lost" banner (anywidget ES module): watch the page's kernel connection
// and, once it is gone, say so at the top of the page instead of leaving dead buttons.

const LOST = new Set(["dead", "restarting", "autorestarting"]);  // a restarted kernel has no game

/** Whether the page has lost its game: the kernel's `status`, its `connection`, and since when (ms). */
export function isLost(status, connection, disconnectedFor, graceMs) {
  if (LOST.has(status)) return true;
  return connection !== "connected" && disconnectedFor >= graceMs;
}

function showBanner(words) {
  if (document.getElementById("parlour-connection-lost")) return;
  const banner = document.createElement("div");
  banner.id = "parlour-connection-lost";
  banner.className = "parlour-connection-lost";
  banner.setAttribute("role", "alert");
  banner.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;background:#8b1e1e;color:#fff;" +
    "padding:10px 16px;font:15px/1.4 system-ui,sans-serif;display:flex;gap:12px;align-items:center;" +
    "justify-content:center;flex-wrap:wrap;box-shadow:0 2px 8px rgba(0,0,0,.3)";
  const text = document.createElement("span");
  text.textContent = words.message;
  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = words.reload;
  reload.style.cssText = "font:inherit;padding:4px 14px;border-radius:6px;border:0;cursor:pointer";
  reload.addEventListener("click", () => window.location.reload());
  banner.append(text, reload);
  document.body.appendChild(banner);
  for (const row of document.querySelectorAll(".parlour")) row.setAttribute("aria-disabled", "true");
  for (const status of document.querySelectorAll(".parlour .parlour-status")) holdStatus(status, words.status);
}

/** The status line says the table is disconnected, and keeps saying it (a late message may not undo it). */
function holdStatus(status, words) {
  if (!words) return;
  const say = () => { if (status.textContent !== words) status.textContent = words; };
  say();
  new MutationObserver(say).observe(status, { childList: true, characterData: true, subtree: true });
}

function render({ model, el }) {
  el.style.display = "none";
  // In JupyterLab the notebook shows its own kernel status, and reloading is not the cure.
  const inVoila = document.getElementById("rendered_cells") || /\/voila\//.test(window.location.pathname);
  const kernel = model.widget_manager && model.widget_manager.kernel;
  if (!inVoila || !kernel) return undefined;
  const graceMs = 1000 * (model.get("grace_seconds") || 4);
  let since = null;
  const check = () => {
    const connection = kernel.connectionStatus || "connected";
    if (connection === "connected") since = null;
    else if (since === null) since = Date.now();
    if (isLost(kernel.status, connection, since === null ? 0 : Date.now() - since, graceMs)) {
      showBanner({ message: model.get("message"), reload: model.get("reload_label"), status: model.get("status") });
      clearInterval(timer);
    }
  };
  const timer = setInterval(check, 1000);
  if (kernel.statusChanged) kernel.statusChanged.connect(check);
  if (kernel.connectionStatusChanged) kernel.connectionStatusChanged.connect(check);
  return () => {
    clearInterval(timer);
    if (kernel.statusChanged) kernel.statusChanged.disconnect(check);
    if (kernel.connectionStatusChanged) kernel.connectionStatusChanged.disconnect(check);
  };
}

export default { render };
