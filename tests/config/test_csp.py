"""The Content-Security-Policy (django-csp) is sent with every page, and no template carries
inline code it would block: no inline <script>, <style>, style attribute or on* handler."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INLINE = {
    "inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "<style> element": re.compile(r"<style\b", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
    "on* handler": re.compile(r"\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"javascript:", re.I),
}


def test_no_template_has_inline_code_the_policy_would_block():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {kind}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        for kind, pattern in INLINE.items()
        if pattern.search(line)
    ]
    assert found == [], "move these to static files:\n" + "\n".join(found)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/tournaments/", "/cards/", "/api/docs/", "/api/games/"])
def test_every_response_carries_the_policy(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in policy
