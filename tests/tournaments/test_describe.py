"""An event's description: whatever Markdown (or HTML) is written, nothing in the rendered
page can run (no script, no handler, no javascript: link)."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.reads.describe import description_html

PIECES = st.sampled_from(
    [
        "<script>alert(1)</script>", "<SCRIPT src=x>", "javascript:alert(1)", "[a](javascript:x)",
        '<img src=x onerror="alert(1)">', "<a href='javascript:y'>z</a>", "**b**", "# h",
        "- item", "`code`", "<iframe src=x>", "[ok](https://example.com)", "\n\n", " ",
        '" onmouseover="alert(1)', "<svg onload=alert(1)>", "<style>*{}</style>", "&lt;",
    ]
)  # fmt: skip


@given(st.lists(st.one_of(PIECES, st.text(max_size=8)), max_size=12).map("".join))
def test_no_description_renders_anything_that_runs(text):
    html = description_html(text).lower()
    for tag in ("<script", "<img", "<iframe", "<svg", "<style"):
        assert tag not in html
    assert " on" not in "".join(part.split(">")[0] for part in html.split("<")[1:])
    assert 'href="javascript' not in html
