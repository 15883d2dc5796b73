// swift-timeline web app: progressive enhancement only. Every page works without this
// script (links and forms); it adds windowed scrolling both ways, the Sort & Filter dialog
// as a modal with reordering, and keeps the DOM bounded. It never inserts user text as
// markup except fragments the server rendered and escaped.
(() => {
  "use strict";
  const timeline = document.querySelector(".tl-timeline");
  const maxRows = 360;
  const windows = [];
  const live = document.getElementById("tl-live");
  const announce = (text) => { if (live) live.textContent = text; };

  const moreLink = (direction) => document.querySelector(`a.tl-more[data-direction="${direction}"]`);

  const rowsOf = (root) => [...root.querySelectorAll(".tl-rows > li")];

  if (timeline && (moreLink("before") || moreLink("after"))) {
    windows.push({ rows: rowsOf(timeline), before: moreLink("before")?.dataset.cursor ?? null,
      after: moreLink("after")?.dataset.cursor ?? null });
    let busy = false;
    const load = async (direction) => {
      const link = moreLink(direction);
      if (busy || !link || !link.dataset.cursor) return;
      busy = true;
      try {
        const url = new URL(link.dataset.fragment, location.href);
        url.searchParams.set(direction, link.dataset.cursor);
        const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
        if (!response.ok) return;
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const fragment = doc.querySelector(".tl-window");
        if (!fragment) return;
        const sections = [...fragment.querySelectorAll(".tl-section")];
        const added = [];
        const scroller = document.scrollingElement;
        const heightBefore = scroller.scrollHeight;
        const existing = [...timeline.querySelectorAll(".tl-section")];
        if (direction === "after") {
          sections.forEach((section, i) => {
            const last = timeline.querySelector(".tl-section:last-of-type");
            const title = section.querySelector(".tl-header")?.textContent;
            if (i === 0 && last && last.querySelector(".tl-header")?.textContent === title) {
              // A folded section already says what it holds in whole.
              const list = last.querySelector(".tl-rows");
              if (!list) return;
              for (const li of rowsOf(section)) { list.appendChild(document.importNode(li, true)); added.push(list.lastElementChild); }
            } else {
              const node = document.importNode(section, true);
              timeline.appendChild(node);
              added.push(...rowsOf(node));
            }
          });
          windows.push({ rows: added, before: fragment.dataset.before || null, after: fragment.dataset.after || null });
          link.dataset.cursor = fragment.dataset.after || "";
        } else {
          const first = existing[0];
          sections.reverse().forEach((section, i) => {
            const top = timeline.querySelector(".tl-section");
            const title = section.querySelector(".tl-header")?.textContent;
            if (i === 0 && top && top.querySelector(".tl-header")?.textContent === title) {
              const list = top.querySelector(".tl-rows");
              if (!list) return;
              for (const li of rowsOf(section).reverse()) { list.insertBefore(document.importNode(li, true), list.firstElementChild); added.push(list.firstElementChild); }
            } else {
              const node = document.importNode(section, true);
              timeline.insertBefore(node, timeline.querySelector(".tl-section"));
              added.push(...rowsOf(node));
            }
          });
          windows.unshift({ rows: added, before: fragment.dataset.before || null, after: fragment.dataset.after || null });
          link.dataset.cursor = fragment.dataset.before || "";
          // Keep what the reader looks at in place.
          scroller.scrollTop += scroller.scrollHeight - heightBefore;
          void first;
        }
        if (!link.dataset.cursor) link.hidden = true;
        trim(direction);
        announce(link.dataset.loaded ?? "");
      } finally { busy = false; }
      // The observer reports changes only: load on while the link stays near the viewport.
      const box = link.getBoundingClientRect();
      if (!tabbing && !link.hidden && box.top < innerHeight + 600 && box.bottom > -600) {
        requestAnimationFrame(() => load(direction));
      }
    };
    const trim = (direction) => {
      let count = windows.reduce((n, w) => n + w.rows.length, 0);
      while (count > maxRows && windows.length > 1) {
        const scroller = document.scrollingElement;
        const removed = direction === "after" ? windows.shift() : windows.pop();
        const heightBefore = scroller.scrollHeight;
        // A row redrawn by a live update is another element of the same id.
        for (const li of removed.rows) (li.isConnected ? li : document.getElementById(li.id))?.remove();
        for (const section of timeline.querySelectorAll(".tl-section")) {
          if (!section.querySelector(".tl-rows > li")) section.remove();
        }
        if (direction === "after") {
          scroller.scrollTop -= heightBefore - scroller.scrollHeight;
          const before = moreLink("before");
          if (before) { before.dataset.cursor = windows[0].before ?? ""; before.hidden = !windows[0].before; }
        } else {
          const after = moreLink("after");
          if (after) { after.dataset.cursor = windows[windows.length - 1].after ?? ""; after.hidden = !windows[windows.length - 1].after; }
        }
        count -= removed.rows.length;
      }
    };
    // Windows load as the reader scrolls, not as Tab moves the focus along the rows: a
    // keyboard user leaving the list must reach its end (the Earlier and Later links load
    // on Enter).
    let tabbing = false;
    // A note that opens the page with the focus (an item just deleted): nothing loads until
    // the reader moves, as rows loaded above would push the note out of view.
    let held = Boolean(document.querySelector(".tl-note[role=status]"));
    const release = () => {
      if (!held) return;
      held = false;
      for (const direction of ["before", "after"]) {
        const box = moreLink(direction)?.getBoundingClientRect();
        if (box && box.top < innerHeight + 600 && box.bottom > -600) load(direction);
      }
    };
    addEventListener("keydown", (event) => {
      tabbing = event.key === "Tab";
      if (!tabbing) release();
    }, true);
    for (const type of ["wheel", "touchstart", "pointerdown"]) {
      addEventListener(type, () => { tabbing = false; release(); }, { passive: true, capture: true });
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.isIntersecting && !tabbing && !held) load(entry.target.dataset.direction);
    }, { rootMargin: "600px 0px" });
    for (const direction of ["before", "after"]) {
      const link = moreLink(direction);
      if (!link) continue;
      observer.observe(link);
      link.addEventListener("click", (event) => { event.preventDefault(); load(direction); });
    }
  }

  // What opened a dialog whose Apply loads a new page: the focus goes back to it there
  // (the Sort & Filter control when the chip is gone).
  const rememberOpener = (opener) => sessionStorage.setItem("tl-focus-opener", openerKey(opener) ?? "tools");
  // A chip pressed from the keyboard keeps the focus across the page load it causes.
  for (const chip of document.querySelectorAll(".tl-bar button[data-filter]")) {
    chip.addEventListener("click", (event) => {
      if (event.detail === 0) sessionStorage.setItem("tl-focus-chip", chip.dataset.filter);
    });
  }

  // A chip whose form sends nothing (the last filter unpressed) opens the bare address, not "…?".
  for (const form of document.querySelectorAll(".tl-bar form[method=get]")) {
    form.addEventListener("submit", (event) => {
      if (new FormData(form).keys().next().done) {
        event.preventDefault();
        location.assign(form.action);
      }
    });
  }

  // A search sent keeps the focus in the search box across the page load it causes.
  document.querySelector("form.tl-search")?.addEventListener("submit", (event) => {
    if (event.submitter?.name !== "dialog") sessionStorage.setItem("tl-focus-search", "1");
  });

  // The Sort & Filter dialog: a modal opened from the sort and counter chips. Its editing
  // (criteria, directions, reordering by keys, mouse, touch and long press, Apply and Reset
  // as the core's dialog says) is the standalone page's (`timelineSortDialog`, served
  // before this file); applying sends the form.
  const dialog = document.getElementById("tl-sort-filter");
  if (dialog && dialog.showModal && window.timelineSortDialog) {
    const form = dialog.querySelector("form");
    const list = dialog.querySelector(".tl-sort");
    const sort = window.timelineSortDialog(dialog);
    let opener = null;
    const open = (from) => { opener = from; sort.snapshot(); dialog.showModal(); sort.opened(); };
    if (dialog.hasAttribute("open")) { dialog.removeAttribute("open"); delete dialog.dataset.open; open(null); }
    for (const chip of document.querySelectorAll('.tl-bar [aria-haspopup="dialog"]:not([data-select]), .tl-open-dialog')) {
      chip.addEventListener("click", (event) => { event.preventDefault(); open(chip); });
    }
    // Cancel and Escape put back what the dialog showed when it opened.
    dialog.addEventListener("cancel", () => sort.restore());
    const cancel = dialog.querySelector(".tl-dialog-actions a");
    cancel?.addEventListener("click", (event) => { event.preventDefault(); sort.restore(); dialog.close(); });
    const checked = () => [...list.querySelectorAll("li")].filter((li) => li.querySelector("input").checked);
    form.addEventListener("submit", (event) => {
      // The page goes to the form's address, built here rather than by changing the form
      // (a page restored by Back shows the form as it was).
      event.preventDefault();
      rememberOpener(opener);
      const data = new FormData(form);
      // The applied view serves the round trips without the script; empty range fields
      // would only lengthen the address.
      data.delete("applied");
      for (const name of ["from", "to", "priority-from", "priority-to"]) {
        if (data.get(name) === "") data.delete(name);
      }
      // The sort as one value in the CLI's syntax: the checked criteria in order, with directions.
      data.delete("sort");
      data.append("sort", checked().map((li) => {
        const direction = li.querySelector(".tl-direction").dataset.direction;
        return li.dataset.field + (direction === "descending" ? ":desc" : "");
      }).join(","));
      // The search box as it stands, sent or not: Apply searches what the reader sees there.
      const search = document.getElementById("tl-q");
      if (search) {
        data.delete("q");
        if (search.value.trim() !== "") data.append("q", search.value);
      }
      const url = new URL(form.getAttribute("action"), location.href);
      url.search = new URLSearchParams(data).toString();
      location.assign(url);
    });
  }

  // A chip with the down-arrow opens its key's selection view (FFB-8) as a modal: a bottom
  // sheet on phones, a dialog on wider screens. Apply sends the form (the page comes back
  // filtered); Apply stays off until the choice differs from what is applied.
  for (const chip of document.querySelectorAll(".tl-bar button[data-select]")) {
    const sheet = document.getElementById("tl-select-" + chip.dataset.select);
    if (!sheet || !sheet.showModal) continue;
    const boxes = [...sheet.querySelectorAll('input[name="filter"]')];
    const applied = boxes.map((box) => box.checked).join();
    const apply = sheet.querySelector('button[value="apply"]');
    const sync = () => { apply.disabled = boxes.map((box) => box.checked).join() === applied; };
    sheet.addEventListener("input", sync);
    sheet.querySelector(".tl-dialog-actions a")?.addEventListener("click", (event) => {
      event.preventDefault();
      boxes.forEach((box) => { box.checked = box.defaultChecked; });
      sheet.close();
    });
    sheet.addEventListener("cancel", () => { boxes.forEach((box) => { box.checked = box.defaultChecked; }); });
    sheet.querySelector("form")?.addEventListener("submit", () => rememberOpener(chip));
    if (sheet.hasAttribute("open")) { sheet.removeAttribute("open"); delete sheet.dataset.open; sync(); sheet.showModal(); }
    chip.addEventListener("click", (event) => { event.preventDefault(); sync(); sheet.showModal(); });
  }
})();
// What names a control that opens a dialog across page loads: a selection chip's key, or
// the kind of chip (sort, counter).
const openerKey = (element) => element?.dataset.select ? "select:" + element.dataset.select : element?.dataset.kind;
// The element id of an item's row, as the server writes it (HTMLRenderer.elementID):
// letters, digits, "-" and "." as they are, every other UTF-8 byte as "_XX".
const elementID = (id) => "item-" + [...new TextEncoder().encode(id)].map((byte) =>
  /[A-Za-z0-9.-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte)
    : "_" + byte.toString(16).toUpperCase().padStart(2, "0")).join("");
// The item id of a row's element id.
const itemID = (element) => {
  const bytes = [];
  const text = element.slice(5);
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "_") { bytes.push(parseInt(text.slice(i + 1, i + 3), 16)); i += 2; }
    else bytes.push(text.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
};
// An item's page (TL-8): Escape closes the item as a sheet closes, back to the timeline with
// its row selected, as "Back to the timeline" does; on the page asking before a delete, it
// cancels, as Cancel does. Not while a field, a dialog or an open menu has the key (Escape is
// theirs: it cancels or closes them), and not while a form holds changes not yet saved (they
// would be lost).
(() => {
  // Back from the question (Cancel): "Delete this item" has the focus again.
  if (location.hash === "#tl-delete") document.getElementById("tl-delete")?.focus();
  const back = document.querySelector(".tl-confirm .tl-actions a") ?? document.querySelector("a.tl-back");
  if (!back) return;
  const changed = (field) => field.type === "checkbox" || field.type === "radio"
    ? field.checked !== field.defaultChecked
    : field.tagName === "SELECT"
      ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]")) return;
    if (event.target.closest?.("input, textarea, select, details[open]")) return;
    if ([...document.querySelectorAll("form input:not([type=hidden]), form textarea, form select")].some(changed)) return;
    location.assign(back.href);
  });
})();

// A place you can share: once the reader scrolls (wheel, touch, the page keys), the
// address names the first row in view (`?at=ITEM`, replacing the entry, not adding one),
// so a copied link opens there.
(() => {
  if (!document.querySelector(".tl-timeline .tl-row")) return;
  let armed = false;
  const arm = () => { armed = true; };
  addEventListener("wheel", arm, { passive: true });
  addEventListener("touchmove", arm, { passive: true });
  addEventListener("keydown", (event) => {
    const field = event.target.closest?.("input, textarea, select, dialog, .tl-bar");
    if (["PageDown", "PageUp", "Home", "End"].includes(event.key)
      || (!field && ["ArrowDown", "ArrowUp", " "].includes(event.key))) arm();
  });
  addEventListener("pointerdown", (event) => {
    // The scrollbar: a press on the page outside its content.
    if (event.target === document.documentElement) arm();
  });
  const firstInView = () => {
    for (const row of document.querySelectorAll(".tl-timeline .tl-row")) {
      const box = row.getBoundingClientRect();
      const top = (row.closest(".tl-section")?.querySelector(".tl-header")?.getBoundingClientRect().bottom ?? 0);
      if (box.bottom > Math.max(top, 0) + 4) return row;
    }
    return null;
  };
  let waiting = false;
  addEventListener("scroll", () => {
    if (!armed || waiting || document.querySelector("dialog[open]")) return;
    waiting = true;
    setTimeout(() => {
      waiting = false;
      const row = firstInView();
      if (!row) return;
      const url = new URL(location.href);
      const id = itemID(row.id);
      if (url.searchParams.get("at") === id) return;
      // The place replaces any other place, and a dialog's state is not part of it.
      for (const name of ["at", "after", "before", "around", "dialog", "select", "flip", "move", "defaults"]) {
        url.searchParams.delete(name);
      }
      url.searchParams.set("at", id);
      url.hash = "";
      history.replaceState(history.state, "", url);
    }, 150);
  }, { passive: true });
})();
// Open the timeline at now: the indicator scrolls into view (the rows before it stay
// above, to scroll back into the past), unless the address names another place or a chip
// pressed from the keyboard takes the focus back.
(() => {
  const now = document.querySelector(".tl-now");
  const header = (element) => element?.closest(".tl-section")?.querySelector(".tl-header");
  // The indicator at the top, below its section's sticky header.
  const showNow = (indicator) => {
    indicator.scrollIntoView({ block: "start", behavior: "instant" });
    document.scrollingElement.scrollTop -= (header(indicator)?.offsetHeight ?? 0) + 8;
  };
  const nowRow = now?.nextElementSibling;
  const chip = sessionStorage.getItem("tl-focus-chip");
  sessionStorage.removeItem("tl-focus-chip");
  const pressed = chip && [...document.querySelectorAll(".tl-bar button[data-filter]")].find((b) => b.dataset.filter === chip);
  const searched = sessionStorage.getItem("tl-focus-search");
  sessionStorage.removeItem("tl-focus-search");
  const opened = sessionStorage.getItem("tl-focus-opener");
  sessionStorage.removeItem("tl-focus-opener");
  const opener = opened && ([...document.querySelectorAll(".tl-bar button")].find((b) => openerKey(b) === opened)
    ?? document.querySelector(".tl-open-dialog"));
  // A detail beside the timeline: its row, selected, stands in the middle of the list.
  const selected = document.querySelector('.tl-side') && document.querySelector('.tl-row a[aria-current="true"]');
  // Back from an item (`?selected=ITEM#ROW`): its row, marked as the selected one, has the focus.
  const returned = !selected && document.querySelector('.tl-row a[aria-current="true"]');
  const at = new URLSearchParams(location.search).get("at");
  const atRow = at !== null && document.getElementById(elementID(at));
  // A section header folds and unfolds with Space too, as a disclosure does (it is a link,
  // which Enter follows).
  document.addEventListener("keydown", (event) => {
    if (event.key !== " " || !event.target.matches?.(".tl-fold")) return;
    event.preventDefault();
    event.target.click();
  });
  // A section just folded or unfolded (`#tl-fold-KEY`): its header at the top, focused.
  const folded = location.hash.startsWith("#tl-fold-") && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  // A note above the rows (the item just deleted, or the one just changed hidden by the
  // view) takes the focus unless something above does: the page stays at its top, where
  // the note is seen, instead of opening at now.
  const note = document.querySelector(".tl-note[role=status]");
  const noteFirst = note && !opener && !searched && !pressed && !atRow && !folded;
  if (pressed) {
    pressed.focus();
  } else if (folded) {
    folded.closest(".tl-section").scrollIntoView({ block: "start", behavior: "instant" });
    folded.focus({ preventScroll: true });
  } else if (atRow) {
    // `?at=ITEM`: the row at the top, below its section's header, and focused.
    // Right below its section's header (which sticks below the bar).
    atRow.scrollIntoView({ block: "start", behavior: "instant" });
    for (let i = 0; i < 2; i++) {
      const below = header(atRow)?.getBoundingClientRect().bottom ?? 0;
      document.scrollingElement.scrollTop += atRow.getBoundingClientRect().top - below;
    }
    atRow.querySelector("a")?.focus({ preventScroll: true });
  } else if (selected && !location.hash) {
    selected.closest(".tl-row").scrollIntoView({ block: "center" });
  } else if (now && !noteFirst) {
    const params = new URLSearchParams(location.search);
    const atNow = !location.hash || location.hash === "#tl-now" || (nowRow && location.hash === "#" + nowRow.id);
    // A view to print opens at its top.
    const printing = document.querySelector("[data-print]");
    if (!params.has("after") && !params.has("before") && atNow && !printing) showNow(now);
  }
  // After a dialog's Apply, the page opens at its place and the focus is on what opened it.
  if (opener && !pressed && !atRow) opener.focus({ preventScroll: true });
  else if (searched && !pressed && !atRow) document.querySelector(".tl-search input[type=search]")?.focus({ preventScroll: true });
  else if (noteFirst) {
    note.tabIndex = -1;
    note.focus({ preventScroll: true });
    // Said once: a reload or a shared address does not say it again.
    const address = new URL(location.href);
    if (address.searchParams.has("deleted")) {
      address.searchParams.delete("deleted");
      history.replaceState(history.state, "", address);
    }
  } else if (returned && !pressed && !atRow && !folded) {
    // After the load: the browser's scroll to the address's fragment (the row, which cannot
    // take the focus) would take it away again.
    const focus = () => returned.focus({ preventScroll: true });
    if (document.readyState === "complete") focus(); else addEventListener("load", focus, { once: true });
  }
  // A printable view's Print button opens the browser's print dialog.
  const printButton = document.querySelector("[data-print]");
  if (printButton) {
    printButton.hidden = false;
    printButton.addEventListener("click", () => window.print());
  }
  // "Jump to now": in place when the indicator is on the page, else a fresh page at now.
  const jump = document.querySelector(".tl-jump a");
  jump?.addEventListener("click", (event) => {
    event.preventDefault();
    const indicator = document.querySelector(".tl-now");
    if (!indicator) { location.assign(jump.href.split("#")[0]); return; }
    // An instant scroll first ends a smooth one still running (e.g. from Home).
    window.scrollTo({ top: document.scrollingElement.scrollTop, behavior: "instant" });
    showNow(indicator);
    indicator.nextElementSibling?.querySelector("a")?.focus({ preventScroll: true });
  });

  // Live updates (Server-Sent Events): a change made anywhere (another tab, the API, another
  // app instance) is drawn as the server renders it for this view. An added or changed item
  // takes its place in the order (a moved one moves) between the rows it falls between,
  // which are drawn again with it (their nodes and lines); a deleted one leaves. One whose
  // place is outside the rows this page holds only leaves them. The row the reader looks at
  // stays where it is on the screen and the focus stays where it was; rows that arrive above
  // the viewport are counted in a polite "N new above" button that brings the reader there.
  const live_ = document.querySelector("[data-events]");
  // What changed is said in the page's polite live region, in the page's language.
  const region = document.getElementById("tl-live");
  const announce = (text) => { if (region) region.textContent = text; };
  if (live_ && timeline && "EventSource" in window) {
    let last = live_.dataset.revision;
    const scroller = document.scrollingElement;
    // Rows under the sticky section header are out of sight too.
    const topEdge = () => document.querySelector(".tl-header")?.offsetHeight ?? 0;
    const headerText = (section) => section?.querySelector(".tl-header")?.textContent;
    // The first row wholly in sight but `except`: what the reader's eyes are on.
    const anchorRow = (except) => [...timeline.querySelectorAll(".tl-row")].find((row) =>
      row.id !== except && row.getBoundingClientRect().top >= topEdge());
    const news = document.querySelector("button.tl-news");
    let arrived = [];
    const showNews = () => {
      arrived = arrived.filter((row) => row.isConnected && row.getBoundingClientRect().bottom <= topEdge());
      if (!news) return;
      news.hidden = arrived.length === 0;
      const count = new Intl.NumberFormat(document.documentElement.lang).format(arrived.length);
      news.textContent = (news.dataset.format ?? "%d").replace("%d", count);
    };
    news?.addEventListener("click", () => {
      const first = arrived.filter((row) => row.isConnected)
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0];
      arrived = [];
      news.hidden = true;
      if (!first) return;
      window.scrollTo({ top: scroller.scrollTop + first.getBoundingClientRect().top - topEdge() - 8, behavior: "instant" });
      first.querySelector("a")?.focus({ preventScroll: true });
    });
    addEventListener("scroll", () => { if (arrived.length) showNews(); }, { passive: true });
    // Puts `row` (imported) where it falls between `before` and `after` (rows of this page, or
    // null), in the section the server put it in (`section`, from the fragment).
    const insert = (row, section, before, after) => {
      const title = headerText(section);
      const sections = [...timeline.querySelectorAll(".tl-section")];
      const own = sections.find((s) => headerText(s) === title);
      if (own) {
        const list = own.querySelector(".tl-rows");
        if (before?.parentElement === list) before.after(row);
        else if (after?.parentElement === list) after.before(row);
        else if (before) list.prepend(row);
        else list.append(row);
        return;
      }
      // A section this page does not show yet: it comes with the row alone.
      const fresh = document.importNode(section, true);
      const list = fresh.querySelector(".tl-rows");
      list.replaceChildren(row);
      const next = after?.closest(".tl-section");
      const previous = before?.closest(".tl-section");
      if (previous) previous.after(fresh); else if (next) next.before(fresh); else timeline.append(fresh);
    };
    // A row's item id, from its element id (HTMLRenderer.elementID: "_" and two hex digits
    // for each byte other than a letter, digit, "-" or ".").
    const itemID = (row) => decodeURIComponent(row.id.slice(5).replace(/_([0-9A-F]{2})/g, "%$1"));
    // The view's count of rows ("41 results"), in the words of the page's bar.
    let viewTotal = null;
    const count = (total) => {
      if (total !== undefined) viewTotal = Number(total);
      const bar = document.querySelector(".tl-filter-bar");
      const status = document.querySelector(".tl-matches");
      if (!bar || !status || total === undefined) return;
      const n = Number(total);
      status.textContent = n === 1 ? (bar.dataset.oneResult ?? "1 result")
        : (bar.dataset.results ?? "%d results").replace("%d", new Intl.NumberFormat(document.documentElement.lang).format(n));
    };
    // The rows of this view around item `id`, as the server draws them now (and the view's
    // count, which the page's is set to).
    const rowsAround = async (id) => {
      const url = new URL(live_.dataset.fragment, location.href);
      url.searchParams.set("at", id);
      url.searchParams.set("limit", "3");
      const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (!response.ok) return null;
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      count(doc.querySelector(".tl-window")?.dataset.total);
      // Folded sections say what they hold now (their rows are not drawn).
      for (const summary of doc.querySelectorAll(".tl-summary")) {
        const title = headerText(summary.closest(".tl-section"));
        const own = [...timeline.querySelectorAll(".tl-section")].find((s) => headerText(s) === title);
        const shown = own?.querySelector(".tl-summary");
        if (shown) shown.textContent = summary.textContent;
      }
      return [...doc.querySelectorAll(".tl-rows > .tl-row")];
    };
    // Each row's label says "Item i of n" as the core words it (A11Y-1: the format and the
    // label's texts are on the page). After a change every row's place follows from where
    // the changed row was (`places`, before the change) and where the server now draws it
    // (`drawn`): one place less after the place it left, one more from the place it took.
    // Where a row this page does not hold left, or where one went into a folded section, is
    // not known here: then the server says where the first row held stands now, which tells
    // whether that happened before the rows held or after them. Every label takes the view's
    // count.
    const relabel = async (places, change, drawn) => {
      const format = timeline.dataset.labelFormat;
      if (!format || viewTotal === null) return;
      const all = [...timeline.querySelectorAll(".tl-row")];
      const left = places.get(change.element);
      const removal = change.op !== "add";
      const insertion = change.op !== "delete";
      // Rows the change left before, and took before, a row at place `p`.
      let leftBefore = (p) => (removal && left !== undefined && left < p ? 1 : 0);
      let tookBefore = (q) => (insertion && drawn !== undefined && drawn <= q ? 1 : 0);
      const placeOf = (p) => p - leftBefore(p) + tookBefore(p - leftBefore(p));
      const leftUnknown = removal && left === undefined;
      const tookUnknown = insertion && drawn === undefined;
      if (leftUnknown || tookUnknown) {
        const first = all.find((row) => row.id !== change.element && places.has(row.id));
        const now = first && (await rowsAround(itemID(first)))?.find((row) => row.id === first.id);
        if (now) {
          const [was, is] = [places.get(first.id), Number(now.dataset.index)];
          if (leftUnknown && tookUnknown) {
            leftBefore = () => was - is; tookBefore = () => 0;
          } else if (leftUnknown) {
            const count = [0, 1].find((n) => was - n + tookBefore(was - n) === is) ?? 0;
            leftBefore = () => count;
          } else {
            const count = [0, 1].find((n) => was - leftBefore(was) + n === is) ?? 0;
            tookBefore = () => count;
          }
        }
      }
      for (const row of all) {
        if (row.id === change.element && drawn !== undefined) row.dataset.index = drawn;
        else if (places.has(row.id)) row.dataset.index = placeOf(places.get(row.id));
        const texts = [row.dataset.labelTime, row.dataset.labelStatus, row.dataset.labelTitle];
        const numbers = [Number(row.dataset.index) + 1, viewTotal];
        row.querySelector(".tl-cell")?.setAttribute("aria-label",
          format.replace(/%[d@]/g, (mark) => String((mark === "%d" ? numbers : texts).shift() ?? "")));
      }
    };
    const redraw = async (change) => {
      const current = document.getElementById(change.element);
      // Where each row stood in the view before the change (`data-index`, from 0).
      const places = new Map([...timeline.querySelectorAll(".tl-row")].map((row) => [row.id, Number(row.dataset.index)]));
      // The row holding the focus, which may be redrawn (the changed row or a neighbour).
      const focused = document.activeElement?.closest(".tl-timeline .tl-row")?.id;
      // The rows it leaves (deleted or moved away) are drawn again around the one after it
      // (or before).
      // (In page order: a row alone in its section has neighbours in the sections around.)
      const order = [...timeline.querySelectorAll(".tl-row")];
      const at = order.indexOf(current);
      const neighbour = at < 0 ? undefined : order[at + 1] ?? order[at - 1];
      // A deleted row this page does not hold changes the count (and the places) only.
      if (change.op === "delete" && !current) { await rowsAround(change.id); await relabel(places, change); return; }
      const rows = await rowsAround(change.op === "delete" ? (neighbour ? itemID(neighbour) : change.id) : change.id);
      if (!rows) return;
      const index = change.op === "delete" ? -1 : rows.findIndex((row) => row.id === change.element);
      // The rows before and after it in the view that this page holds.
      const held = (row) => (row.id !== change.element ? document.getElementById(row.id) : null);
      const before = index < 0 ? null : rows.slice(0, index).reverse().map(held).find(Boolean) ?? null;
      const after = index < 0 ? null : rows.slice(index + 1).map(held).find(Boolean) ?? null;
      // Moved away: the rows it left are drawn again too.
      if (change.op !== "delete" && neighbour && !rows.some((row) => row.id === neighbour.id)) {
        rows.push(...((await rowsAround(itemID(neighbour))) ?? []).filter((row) => row.id !== change.element));
      }
      if (!current && !before && !after) {
        await relabel(places, change, index < 0 ? undefined : Number(rows[index].dataset.index));
        return;
      }
      // What stays put: the row in sight, or when that is the changed row and it moves
      // elsewhere, the next one in sight.
      const rowIDs = () => [...timeline.querySelectorAll(".tl-row")].map((row) => row.id);
      const previousID = (id) => { const ids = rowIDs(); return ids[ids.indexOf(id) - 1]; };
      const seen = anchorRow();
      const seenPrevious = seen && previousID(seen.id);
      const other = seen?.id === change.element ? anchorRow(change.element) : seen;
      const tops = new Map([seen, other].filter(Boolean).map((row) => [row.id, row.getBoundingClientRect().top]));
      current?.remove();
      let placed = null;
      if (index >= 0 && (before || after)) {
        placed = document.importNode(rows[index], true);
        insert(placed, rows[index].closest(".tl-section"), before, after);
      }
      // Its neighbours as the server draws them now (their nodes and lines).
      for (const row of rows) {
        const old = held(row);
        if (old && old !== placed) old.replaceWith(document.importNode(row, true));
      }
      for (const section of timeline.querySelectorAll(".tl-section")) {
        if (!section.querySelector(".tl-rows > li")) section.remove();
      }
      await relabel(places, change, index < 0 ? undefined : Number(rows[index].dataset.index));
      // Instantly: the page may scroll smoothly (CSS), which would show the jump.
      // The anchor may have been redrawn (a neighbour of the change): found again by its id.
      const stayed = seen && seen.id === change.element && placed && previousID(placed.id) === seenPrevious;
      const anchor = stayed ? seen : other;
      const kept = anchor && document.getElementById(anchor.id);
      if (kept) {
        window.scrollTo({ top: scroller.scrollTop + kept.getBoundingClientRect().top - tops.get(anchor.id), behavior: "instant" });
      }
      const focus = focused && document.getElementById(focused);
      if (focus && !focus.contains(document.activeElement)) focus.querySelector("a")?.focus({ preventScroll: true });
      if (placed && placed.getBoundingClientRect().bottom <= topEdge()) arrived.push(placed);
      showNews();
      const said = { delete: live_.dataset.deleted, add: live_.dataset.added }[change.op];
      announce(said ?? live_.dataset.updated ?? "");
    };
    let queue = Promise.resolve();
    const connect = () => {
      const url = new URL(live_.dataset.events, location.href);
      url.searchParams.set("since", last);
      const stream = new EventSource(url);
      stream.addEventListener("change", (event) => {
        last = event.lastEventId || last;
        const change = JSON.parse(event.data);
        // The item open beside the timeline, deleted elsewhere: the sheet and the tab say so,
        // and its forms (which could only be answered "does not exist") go.
        const gone = document.querySelector("[data-gone-item]");
        if (change.op === "delete" && gone && gone.dataset.goneItem === change.id) {
          gone.setAttribute("role", "alert");
          gone.hidden = false;
          if (gone.dataset.goneTitle) document.title = gone.dataset.goneTitle;
          const forms = "form, #tl-delete, .tl-confirm, h3:has(+ form), h3:has(+ .tl-error + form)";
          for (const element of gone.closest("aside").querySelectorAll(forms)) element.remove();
        }
        // A card item's state ("card") changes no row of the timeline.
        if (change.op !== "card") queue = queue.then(() => redraw(change)).catch((error) => console.error(error));
        live_.dataset.seen = last;
      });
      // Changes no longer kept (many missed while away): the page is drawn afresh.
      stream.addEventListener("reset", () => { stream.close(); location.reload(); });
      stream.addEventListener("gone", () => stream.close());
      // The browser reconnects by itself after a dropped stream, but not after an error
      // answer (the database away: 503): then this does, from the last change seen.
      stream.addEventListener("error", () => {
        if (stream.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
      });
    };
    connect();
  }
})();
