// Records in and out of the page: the browser's side of app/records.py.
//
// Text brought in — a file from the picker (#rec-file), a file or text
// dropped anywhere on the page, text pasted outside a text field — is handed
// to the page as a "boneyard-import" event whose detail is
// {text, source: "file" | "drop" | "paste" | "link", name}; text is null when a file
// cannot be read.  The page decides what the text is.  Nothing here sends
// anything anywhere.

function send(text, source, name) {
  // length lets the page refuse a text over the record size limit before
  // copying it into Python (a 4 MB copy alone can exhaust MicroPython's heap).
  const length = typeof text === "string" ? text.length : 0;
  document.dispatchEvent(new CustomEvent("boneyard-import", { detail: { text, source, name: name || "", length } }));
}

function readFile(file, source) {
  file.text().then((text) => send(text, source, file.name), () => send(null, source, file.name));
}

function hasFiles(event) {
  const types = event.dataTransfer ? Array.from(event.dataTransfer.types || []) : [];
  return types.includes("Files") || types.includes("text/plain");
}

// Pasted or dropped text is taken as a record only when it looks like one, so
// that ordinary pastes elsewhere on the page are left alone.
function looksLikeRecord(text) {
  const s = text.trim();
  return s.startsWith("{") || s.includes("#record=") || /^[zj][A-Za-z0-9_-]{16,}$/.test(s);
}

window.boneyardFiles = {
  // Save `text` as a file called `name` (a Blob behind an <a download>).
  download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  },
  // Resolves true once `text` is on the clipboard, false when it is refused.
  copy(text) {
    if (!navigator.clipboard || !navigator.clipboard.writeText) return Promise.resolve(false);
    return navigator.clipboard.writeText(text).then(() => true, () => false);
  },
  pick() {
    document.getElementById("rec-file").click();
  },
  // The Load button: the pasted text goes the way of every import (its length first).
  loadPasted() {
    send(document.getElementById("rec-paste").value, "paste");
  },
  // Call `slice` in tasks of its own until it answers false: a long import
  // runs in pieces between which the browser paints and takes input.
  pump(slice) {
    const run = () => {
      if (slice()) setTimeout(run, 0);
    };
    setTimeout(run, 0);
  },
  // A record's JSON text cut where its rounds lie: [head, rounds, rounds, ...],
  // head being the text with the rounds list emptied ("rounds":[]), each
  // `rounds` a JSON list of consecutive rounds (an exact slice of the text
  // in brackets) of about `size` characters; [] when the text is not plainly
  // cut so (no top-level "rounds" list of objects, a key spelled with
  // escapes, nesting deeper than `deepest`, or not JSON).  MicroPython's
  // json.loads of 512 KB is one call of a second or more: the page parses a
  // piece at a time instead, every piece checked as the whole would be
  // (engine.record.loads_cut), and a text this cannot cut is parsed whole,
  // which says what is wrong with it.  The list's `plain` is true when the
  // text holds no backslash and no string longer than `longest`: then a piece
  // is already what engine.record.check_text would make of it (its nesting
  // is checked here), and the page parses it as it is.
  cutRounds(text, deepest, size, longest) {
    const n = text.length;
    const QUOTE = 34, BACKSLASH = 92;
    let depth = 0;
    let key = null;        // the last string closed at depth 1 (a key when a ':' follows; null: escaped)
    let pendingKey = null; // the key whose value comes next, at depth 1
    let found = false;
    let open = -1, close = -1;   // the rounds list's brackets
    let start = -1;              // where the current round began
    let batch = -1;              // where the current piece's first round began
    let expectRound = false;     // inside the rounds list, before a round (after '[' or ',')
    let afterComma = false;
    let lastEnd = -1;            // where the last round ended
    const pieces = [];
    let plain = true;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const from = i + 1;
        i = from;
        let escaped = false;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === BACKSLASH) { escaped = true; i += 2; continue; }
          if (d === QUOTE) break;
          i++;
        }
        if (i >= n) return [];
        if (escaped || (longest !== undefined && i - from > longest)) plain = false;
        if (depth === 1) key = escaped ? null : text.slice(from, i);
        if (depth === 2 && open >= 0 && close < 0) return [];   // a round that is not an object
        continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (depth === 1 && c === 58) {   // ':' after a key
        if (key === null) return [];   // a key written with escapes could be "rounds" in disguise
        pendingKey = key;
        key = null;
        continue;
      }
      if (c === 123 || c === 91) {   // '{' '['
        if (depth === 0 && c !== 123) return [];
        if (depth === 1) {
          if (pendingKey === "rounds") {
            if (found || c !== 91) return [];
            found = true;
            open = i;
            expectRound = true;
          }
          pendingKey = null;
        } else if (depth === 2 && open >= 0 && close < 0) {
          if (!expectRound || c !== 123) return [];
          start = i;
          if (batch < 0) batch = i;
          expectRound = false;
          afterComma = false;
        }
        depth++;
        if (depth > deepest) return [];
        continue;
      }
      if (c === 125 || c === 93) {   // '}' ']'
        depth--;
        if (depth < 0) return [];
        if (depth === 2 && open >= 0 && close < 0 && start >= 0) {
          start = -1;
          if (i + 1 - batch >= size) {
            pieces.push("[" + text.slice(batch, i + 1) + "]");
            batch = -1;
          }
        } else if (depth === 1 && open >= 0 && close < 0) {
          if (afterComma) return [];   // "[{...},]"
          close = i;
          if (batch >= 0) pieces.push("[" + text.slice(batch, lastEnd + 1) + "]");
        }
        if (depth === 2 && open >= 0 && close < 0) lastEnd = i;
        continue;
      }
      if (depth === 2 && open >= 0 && close < 0) {
        if (c !== 44 || expectRound) return [];   // only commas between rounds
        expectRound = true;
        afterComma = true;
        continue;
      }
      if (depth === 1) pendingKey = null;   // a number, true, false, null as a value
    }
    if (!found || close < 0 || depth !== 0) return [];
    pieces.unshift(text.slice(0, open + 1) + text.slice(close));
    pieces.plain = plain && longest !== undefined;
    return pieces;
  },
  // The local date as YYYY-MM-DD (for file names).
  today() {
    const d = new Date();
    const two = (n) => String(n).padStart(2, "0");
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
  },
};

// A link opened in this tab while the page is open (pasted into the address bar).
addEventListener("hashchange", () => {
  if (location.hash.includes("record=")) send(location.hash, "link");
});

document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.id !== "rec-file" || !input.files || !input.files.length) return;
  readFile(input.files[0], "file");
  input.value = "";   // choosing the same file again is a new import
});

document.addEventListener("dragover", (event) => {
  if (!hasFiles(event)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "copy";
  document.documentElement.classList.add("dropping");
});

document.addEventListener("dragleave", (event) => {
  if (event.relatedTarget === null) document.documentElement.classList.remove("dropping");
});

document.addEventListener("drop", (event) => {
  document.documentElement.classList.remove("dropping");
  const data = event.dataTransfer;
  if (!data) return;
  if (data.files && data.files.length) {
    event.preventDefault();
    readFile(data.files[0], "drop");
    return;
  }
  const text = data.getData("text/plain");
  if (text && looksLikeRecord(text)) {
    event.preventDefault();
    send(text, "drop");
  }
});

document.addEventListener("paste", (event) => {
  const target = event.target;
  if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
  const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
  if (text && looksLikeRecord(text)) {
    event.preventDefault();
    send(text, "paste");
  }
});

// The browser's storage for app/store.py, every access inside a try: a refused
// write (full storage, private mode) is answered "full" when the storage had no
// room, else "refused"; a storage the browser will not open at all (site data
// blocked: even reading `localStorage` throws a SecurityError) reads as empty.
// An exception thrown inside a JS call does not reach MicroPython's `except`: it
// surfaces as a page error (the app once stopped at its start) and a write would look done.
const area = (name) => (name === "session" ? sessionStorage : localStorage);
window.boneyardStorage = {
  put(name, key, value) {
    try {
      area(name).setItem(key, value);
      return true;
    } catch (e) {
      const full = e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED");
      return full ? "full" : "refused";
    }
  },
  get(name, key) {
    try {
      return area(name).getItem(key);
    } catch (e) {
      return null;
    }
  },
  remove(name, key) {
    try {
      area(name).removeItem(key);
    } catch (e) { /* nothing stored, or nothing to store in */ }
  },
  // Every key of localStorage, as JSON (one string crosses into Python, not a list proxy).
  keys() {
    try {
      const box = localStorage;
      const out = [];
      for (let i = 0; i < box.length; i += 1) out.push(box.key(i));
      return JSON.stringify(out);
    } catch (e) {
      return "[]";
    }
  },
  // The first `n` characters of a stored value (null when there is none): a save's
  // revision is read at every move without copying the whole save into Python.
  head(name, key, n) {
    try {
      const value = area(name).getItem(key);
      return value === null ? null : value.slice(0, n);
    } catch (e) {
      return null;
    }
  },
};
