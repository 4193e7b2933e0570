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

// Storage writes for app/store.py: a refused write (full storage, private
// mode) is caught here and answered false.  An exception thrown inside a JS
// call does not reach MicroPython's `except`: it surfaces as a page error and
// the write would look done.
window.boneyardStorage = {
  put(area, key, value) {
    try {
      (area === "session" ? sessionStorage : localStorage).setItem(key, value);
      return true;
    } catch (e) {
      return false;
    }
  },
  // The first `n` characters of a stored value (null when there is none): a save's
  // revision is read at every move without copying the whole save into Python.
  head(area, key, n) {
    try {
      const value = (area === "session" ? sessionStorage : localStorage).getItem(key);
      return value === null ? null : value.slice(0, n);
    } catch (e) {
      return null;
    }
  },
};
