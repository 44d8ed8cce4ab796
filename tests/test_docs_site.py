"""The documentation site (mkdocs.yml, docs/) builds with `mkdocs build --strict`, and what it promises holds.

- The real build passes strict mode: no broken link or anchor, no page left out of the nav.
- The CLI reference, written at build time from `autograder/cli.py`'s parser, lists every
  subcommand (nested ones too) and every option of each; the parser is walked here independently.
- Control: the same build on a copy of docs/ with a broken link, a broken anchor and a page missing
  from the nav fails, naming each, so a passing build means the checks are on.
- The README keeps the project's two commands (`.ci/run` runs the second) and stays short; its links
  point at files that exist.
- Every section of the old architecture page that code cites (`docs/architecture.md, "Sandbox"`) is
  in the architecture index, and every screenshot in docs/screenshots/ is shown on some page.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.cli import build_parser

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
MAIN_JOB = "./scripts/run-examples.sh"
TEST_COMMAND = "./scripts/bootstrap.sh && .venv/bin/python -m pytest -q"


def mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict",
         "--config-file", str(config), "--site-dir", str(site)],
        capture_output=True, text=True, timeout=300, cwd=config.parent,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = mkdocs_build(REPO / "mkdocs.yml", out)
    assert built.returncode == 0, built.stdout + built.stderr
    return out


def subcommands(
    parser: argparse.ArgumentParser, prog: str = "jaxgrade"
) -> dict[str, argparse.ArgumentParser]:
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found[f"{prog} {name}"] = sub
                found.update(subcommands(sub, f"{prog} {name}"))
    return found


def test_the_site_builds_in_strict_mode(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "students" / "index.html").is_file()


def test_the_cli_reference_lists_every_subcommand_and_option_of_the_real_parser(site: Path) -> None:
    page = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    commands = subcommands(build_parser())
    assert {"jaxgrade grade", "jaxgrade serve", "jaxgrade lti add-platform"} <= commands.keys()
    for full, parser in commands.items():
        anchor = full.replace(" ", "-")
        heading = rf'<h[2-6] id="{re.escape(anchor)}">{re.escape(full)}'
        assert re.search(heading, page), f"no section for {full}"
        section = page.split(f'id="{anchor}"', 1)[1]
        for action in parser._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help") and action.help != argparse.SUPPRESS:
                    assert f"<code>{option}</code>" in section, f"{full}: {option} not documented"


def test_a_broken_link_a_broken_anchor_and_a_page_outside_the_nav_fail_the_build(tmp_path: Path) -> None:
    shutil.copytree(REPO / "docs", tmp_path / "docs")
    shutil.copy(REPO / "mkdocs.yml", tmp_path / "mkdocs.yml")
    index = tmp_path / "docs" / "index.md"
    index.write_text(
        index.read_text(encoding="utf-8")
        + "\n[gone](ta/no-such-page.md) and [moved](ta/grading.md#no-such-heading)\n",
        encoding="utf-8",
    )
    (tmp_path / "docs" / "orphan.md").write_text("# Not in the nav\n", encoding="utf-8")
    built = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    log = built.stdout + built.stderr
    assert built.returncode != 0, log
    assert "ta/no-such-page.md" in log
    assert "#no-such-heading" in log
    assert "orphan.md" in log


def test_the_readme_keeps_the_two_commands_and_only_links_to_what_exists() -> None:
    text = README.read_text(encoding="utf-8")
    assert MAIN_JOB in text
    assert TEST_COMMAND in text
    assert TEST_COMMAND in (REPO / ".ci" / "run").read_text(encoding="utf-8").replace("rc=0\n", "")
    assert len(text.splitlines()) < 200
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    assert any(link.startswith("docs/students/") for link in links)
    for link in links:
        if "://" not in link:
            assert (REPO / link).exists(), f"README links to missing {link}"


def cited_architecture_sections() -> set[str]:
    cited = set()
    for path in [*REPO.glob("autograder/**/*.py"), *REPO.glob("tests/**/*.py"), *REPO.glob("benchmarks/*.py"),
                 *REPO.glob("scripts/*"), REPO / "pyproject.toml"]:
        if path.is_file() and path != Path(__file__):  # this module quotes the pattern itself
            text = " ".join(path.read_text(encoding="utf-8", errors="replace").split())
            for quoted in re.findall(r'docs/architecture\.md,? ?\(?((?:"[^"]+"(?:, )?)+)', text):
                cited |= set(re.findall(r'"([^"]+)"', quoted))
    return cited


def test_every_architecture_section_the_code_cites_is_in_the_index() -> None:
    index = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1].strip() for line in index.splitlines() if line.startswith("| ")][1:]
    cited = cited_architecture_sections()
    assert {"Sandbox", "Trusted compile cache"} <= cited  # the scan finds citations at all
    for title in cited:
        assert any(row.startswith(title) for row in rows), f"cited section {title!r} is not in the index"


def test_every_screenshot_is_shown_on_a_page(site: Path) -> None:
    html = "".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    shots = sorted(p.name for p in (REPO / "docs" / "screenshots").glob("*.png"))
    assert shots
    for name in shots:
        shown = rf'<img [^>]*src="[./]*screenshots/{re.escape(name)}"'
        assert re.search(shown, html), f"{name} is on no page"
