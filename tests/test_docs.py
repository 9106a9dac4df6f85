"""The documentation holds together: README.md stays a front page, every relative link in README.md, CONTRIBUTING.md
and docs/*.md reaches a file that exists (and, in the pages whose headings these tests know, a heading that
exists), and nothing sends a reader to the design notes outside the repository, whose contracts now live in
docs/contracts.md and the pages it names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
# Pages whose anchors are checked too: the front page and the reference moved out of it.
ANCHORED = {ROOT / "README.md", ROOT / "CONTRIBUTING.md"} | {
    ROOT / "docs" / name for name in ("cli.md", "editors.md", "cloud.md", "contracts.md")
}
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")


def prose(path: Path) -> str:
    """The page without its code blocks and inline code, where brackets are not links."""
    return INLINE_CODE.sub("", FENCE.sub("", path.read_text(encoding="utf-8")))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = INLINE_CODE.sub(lambda m: m.group(0).strip("`"), heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def links(path: Path) -> list[str]:
    return [target for target in LINK.findall(prose(path)) if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def test_the_readme_is_a_front_page() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines: move reference material to docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file(page: Path) -> None:
    broken = []
    for target in links(page):
        file, _, anchor = target.partition("#")
        destination = (page.parent / file).resolve() if file else page
        if not destination.exists():
            broken.append(
                f"{target}: no {destination.relative_to(ROOT) if destination.is_relative_to(ROOT) else destination}"
            )
        elif anchor and destination in ANCHORED and anchor not in anchors(destination):
            broken.append(f"{target}: no heading #{anchor} in {destination.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}:\n" + "\n".join(broken)


def test_the_front_page_links_the_reference_and_contributing() -> None:
    targets = {target.partition("#")[0] for target in links(ROOT / "README.md")}
    for page in ("docs/cli.md", "docs/editors.md", "docs/cloud.md", "docs/rules.md", "docs/architecture.md"):
        assert page in targets, page
    assert "CONTRIBUTING.md" in targets


DESIGN_NOTES = "DESIGN" + ".md"  # spelt in two so that this file does not name it


def test_nothing_sends_a_reader_to_the_design_notes_outside_the_repository() -> None:
    """Their binding parts were moved into docs/ (contracts.md, cli.md, editors.md, cloud.md)."""
    folders = ["docs", "hot_lsp", "tests", "tools", "editors", "bench", ".ci"]
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    for folder in folders:
        files += [path for path in (ROOT / folder).rglob("*") if path.is_file() and "node_modules" not in path.parts]
    # docs/architecture.md says where the map refines the old notes; it is the one page allowed to name them.
    allowed = {ROOT / "docs" / "architecture.md"}
    naming = []
    for path in files:
        if path in allowed or path.suffix in (".pyc", ".vsix", ".png", ".svg", ".wasm") or "bundled" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        naming += [
            f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(text.splitlines(), 1) if DESIGN_NOTES in line
        ]
    assert not naming, "these still send a reader to the design notes outside the repository:\n" + "\n".join(naming)
