// window.boneyardMorph(el, html): make el's contents what html says, keeping the elements
// already there wherever the new ones are the same kind in the same place (app/ui.py paint,
// for the parts a person presses). Writing innerHTML replaced every button: a press begun on
// a button and ended after a redraw it did not cause (the computers becoming ready, an
// autoplay's step) ended on a new one, and the browser sent no click. Where the shape
// differs (another count of children, another tag) that subtree is written anew, as before.

function alike(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName;
}

function attributes(old, next) {
  for (const {name} of [...old.attributes]) {
    if (!next.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const {name, value, namespaceURI} of next.attributes) {
    if (old.getAttribute(name) === value) continue;
    if (namespaceURI) old.setAttributeNS(namespaceURI, name, value);   // (an SVG's xlink:href)
    else old.setAttribute(name, value);
  }
}

function children(old, next) {
  const before = old.childNodes;
  const after = next.childNodes;
  if (before.length !== after.length || [...before].some((node, i) => !alike(node, after[i]))) {
    old.replaceChildren(...after);
    return;
  }
  for (let i = 0; i < before.length; i++) patch(before[i], after[i]);
}

function patch(old, next) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  attributes(old, next);
  children(old, next);
  // A control's state is its property, which an attribute sets only until the person has
  // changed it: the state drawn is the state shown.
  if (old.nodeName === "SELECT") {
    const chosen = next.querySelector("option[selected]");
    const value = chosen ? chosen.getAttribute("value") ?? chosen.textContent : old.options[0]?.value;
    if (value !== undefined && old.value !== value) old.value = value;
  } else if (old.nodeName === "INPUT" && (old.type === "checkbox" || old.type === "radio")) {
    if (old.checked !== next.hasAttribute("checked")) old.checked = next.hasAttribute("checked");
  } else if (old.nodeName === "INPUT" || old.nodeName === "TEXTAREA") {
    const value = old.nodeName === "INPUT" ? next.getAttribute("value") ?? "" : next.textContent;
    if (old.value !== value) old.value = value;
  }
}

window.boneyardMorph = (el, html) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  children(el, template.content);
};
