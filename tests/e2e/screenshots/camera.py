"""Chromium photographs every page as each of its viewers, at each size; printouts also as
PDFs on each paper."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.screenshots.settings import CHROMIUM, FLAGS, ONLY, OUT, PASSWORD, SIZES
from tests.e2e.screenshots.views import all_views

PAPERS = {"a4": (794, 1123), "letter": (816, 1056)}  # CSS pixels at 96 per inch


def print_copies(page, name: str) -> list[Path]:
    """A printout as the print preview shows it: a PDF on each paper, and a screenshot of
    the page in print media at the paper's width."""
    written = []
    page.emulate_media(media="print")
    for paper, (width, height) in PAPERS.items():
        pdf = OUT / f"{name}-{paper}.pdf"
        page.pdf(path=str(pdf), format="A4" if paper == "a4" else "Letter")
        page.set_viewport_size({"width": width, "height": height})
        shot = OUT / f"{name}-{paper}.png"
        page.screenshot(path=str(shot), full_page=True)
        written += [pdf, shot]
    page.emulate_media(media="screen")
    return written


def choose_on_the_table(page) -> bool:
    """Click the first thing the play table offers (a card in hand, most often) so the
    screenshot shows the highlights and the action bar; False when there is nothing to pick."""
    pickable = page.locator("#board .pickable")
    if pickable.count() == 0:
        return False
    pickable.first.click()
    page.mouse.move(0, 0)  # no hover zoom over the board
    page.wait_for_timeout(500)  # the card faces' transitions end
    return True


def photograph(base: str, ids: dict) -> list[Path]:
    """Every page of `all_views` at each size as its viewer sees it; returns the files."""
    from playwright.sync_api import sync_playwright

    views = all_views(ids)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for who, (username, pages) in views.items():
            for size, (width, height) in SIZES.items():
                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                if username:
                    page.goto(f"{base}/login/")
                    page.get_by_label("Username").fill(username)
                    page.get_by_label("Password").fill(PASSWORD)
                    page.get_by_role("button", name="Log in").click()
                    page.wait_for_load_state("networkidle")
                for name, path in pages.items():
                    if ONLY and not re.search(ONLY, f"{who}-{name}"):
                        continue
                    page.goto(base + path)
                    page.wait_for_load_state("networkidle")
                    target = OUT / f"{who}-{name}-{size}.png"
                    page.screenshot(path=str(target), full_page=True)
                    if name == "desk-reset":
                        # the link a player scans: made by the organizer's click (a POST)
                        page.get_by_role("button", name="Make a password link").first.click()
                        page.wait_for_load_state("networkidle")
                        link = OUT / f"{who}-desk-reset-link-{size}.png"
                        page.screenshot(path=str(link), full_page=True)
                        written.append(link)
                    if name.startswith("print-") and size == "desktop":
                        written += print_copies(page, f"{who}-{name}")
                        page.set_viewport_size({"width": width, "height": height})
                    if name.startswith("game-") and choose_on_the_table(page):
                        chosen = OUT / f"{who}-{name}-choosing-{size}.png"
                        page.screenshot(path=str(chosen))  # the screen as the player sees it
                        written.append(chosen)
                    sideways = page.evaluate(
                        "document.documentElement.scrollWidth > window.innerWidth + 1"
                    )
                    if sideways:
                        print(f"  scrolls sideways: {target.name}")
                    written.append(target)
                context.close()
        browser.close()
    return written
