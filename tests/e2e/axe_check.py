"""The checks every browser test runs on a page it visits: no sideways scrolling, no serious or
critical axe-core violation (axe is vendored in tests/e2e/vendor and injected through the
DevTools protocol, so the page's CSP does not apply) and, on a phone, touch targets of 44 px."""

from pathlib import Path

from playwright.sync_api import Page

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
SERIOUS = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => v.id + ": " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | "));
}"""
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    "button, summary, select, a.button, .site-header a, input:not([type=hidden])"))
  .filter(e => e.checkVisibility() && !["checkbox", "radio"].includes(e.type))
  .filter(e => e.getBoundingClientRect().height < 44)
  .map(e => e.tagName + " " + (e.textContent || e.name || "").trim().slice(0, 30))"""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def sideways(page: Page) -> int:
    """How many pixels the page scrolls sideways (0 when it does not)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE)
    return page.evaluate(SERIOUS)


def checked(page: Page, what: str, touch_targets: bool = True) -> None:
    """No sideways scrolling, and no serious accessibility violation, on the page as it is."""
    page.wait_for_load_state("load")
    wide = sideways(page)
    assert wide <= 1, f"{what} scrolls sideways by {wide}px at {page.viewport_size}"
    violations = serious_violations(page)
    assert violations == [], f"{what} at {page.viewport_size}: {violations}"
    if touch_targets and page.viewport_size["width"] < 600:
        small = page.evaluate(SMALL_TARGETS)
        assert small == [], f"{what}: touch targets under 44 px: {small}"
