"""Text contrast measured in the browser: every text node's computed colour against the
background it is drawn on (the first ancestor with an opaque background), WCAG 2 formula."""

CONTRAST_JS = """
(selector) => {
  function rgba(text) {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) { return [0, 0, 0, 0]; }
    const p = m[1].split(",").map(function (x) { return parseFloat(x); });
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  function luminance(c) {
    const v = c.slice(0, 3).map(function (x) {
      x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  }
  function background(el) {
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage && style.backgroundImage !== "none") { return null; }
      const c = rgba(style.backgroundColor);
      if (c[3] >= 0.99) { return c; }
    }
    return [255, 255, 255, 1];
  }
  const rows = [];
  document.querySelectorAll(selector).forEach(function (root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const el = t.parentElement;
      if (!t.textContent.trim() || !el.getClientRects().length) { continue; }
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || parseFloat(style.opacity) === 0) { continue; }
      const bg = background(el);
      if (bg === null) { continue; }
      const fg = rgba(style.color);
      const l1 = luminance(fg), l2 = luminance(bg);
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      rows.push({text: t.textContent.trim().slice(0, 40), ratio: ratio,
                 card: (root.getAttribute("aria-label") || root.title || "")});
    }
  });
  return rows;
}
"""


def low_contrast(page, selector: str, minimum: float = 4.5) -> tuple[int, list[dict]]:
    """(how many text runs were measured, those below `minimum`) inside `selector`'s elements."""
    rows = page.evaluate(CONTRAST_JS, selector)
    return len(rows), [row for row in rows if row["ratio"] < minimum]
