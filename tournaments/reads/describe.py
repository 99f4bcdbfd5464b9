"""An event's description: Markdown rendered to HTML, then sanitized.

Raw HTML in the Markdown is shown as text (markdown-it's `html` option is off), and the
result still goes through nh3 (the Ammonia sanitizer), so that no script, handler or
`javascript:` link can run whatever a stored description holds."""

import nh3
from markdown_it import MarkdownIt

_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
ALLOWED_TAGS = {
    "p", "br", "hr", "strong", "em", "code", "pre", "blockquote", "ul", "ol", "li",
    "h1", "h2", "h3", "h4", "h5", "h6", "a", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
# no style attributes: the content security policy allows no inline style
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}


def description_html(text: str) -> str:
    """The description as safe HTML (no images, no scripts; links open as plain links)."""
    if not text.strip():
        return ""
    rendered = _MARKDOWN.render(text)
    return nh3.clean(
        rendered,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )
