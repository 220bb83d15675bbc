"""Every shell command of the README and the documentation runs as written (issue 46).

A reader copies a block and runs it in a fresh clone, with only what the page told them to
install. So each page gets its own copy of the repository (the files git knows), a new
environment made by the page's own `uv` commands (nothing installed beforehand), an
empty home and data folders, and its blocks run in page order with bash (`set -e`), so a
file one block writes is there for the next, as for the reader.

Every ```bash block carries a marker on the line right above it:

- `<!-- run -->`: quick; it runs, and each command in it must succeed;
- `<!-- run, given FILE FILE -->`: the same, with a finished game in each named file
  (`game.json` a record, `games.jsonl` records one per line), standing for the reader's own;
- `<!-- run, Kx3... as printed -->`: the same, where `Kx3...` stands for what an earlier
  command prints (a tournament's id): the page shows that output in a comment line
  (`#  Tournament Kx3... created: ...`), and as a reader would, the test runs the block
  command by command, reads the value off the printed line that matches the page's, and
  types it in place of `Kx3...` from then on (in later blocks of the page too);
- `<!-- run with PostgreSQL -->`: a step of the hosting guide that needs a PostgreSQL server
  and its superuser, a proxy and the steps before it in the same shell;
  `tests/docs/test_hosting_guide.py` runs the whole page so, against a cluster of its own;
- `<!-- not run: REASON -->`: it cannot run here (a server that runs until stopped, the
  whole test suite, a million games, another machine); the reason is printed by
  `test_blocks_not_run_say_why`.

A block without a marker fails `test_every_shell_block_is_marked`, so a new command is
either checked or says why not.

Python's bytecode, which a reader's first command compiles, is kept from one page to the
next of a test process (`PYTHONPYCACHEPREFIX`), each page's fresh clone and environment
at the same path, where it stays valid (a `.pyc` is checked against its source's path,
time and size; uv links the packages' files from its cache, times and all). It changes no
command's output, only its CPU: each page compiled its whole environment again, about
0.9 s of CPU a page (benchmarks/results/suite.md).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.core.records import Record

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(
    r"(?:^<!-- (?P<mark>[^>\n]*?) -->\n)?^```(?P<language>bash|sh|shell|console)\n"
    r"(?P<code>.*?)^```",
    re.MULTILINE | re.DOTALL,
)
RUN = re.compile(r"^run(?:, given (?P<given>[\w. ]+))?(?:, (?P<printed>\S+) as printed)?$")
NOT_RUN = re.compile(r"^not run: (?P<reason>.+)$")
WITH_POSTGRESQL = "run with PostgreSQL"
"""The marker of the blocks `tests/docs/test_hosting_guide.py` runs, not this test."""
BLOCK_SECONDS = 600
"""Per block, generous: the README's site build took 111 s on this machine at load 16."""


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    mark: str | None
    code: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def runs(self) -> bool:
        return self.mark is not None and RUN.match(self.mark) is not None

    @property
    def with_postgresql(self) -> bool:
        return self.mark == WITH_POSTGRESQL

    @property
    def given(self) -> list[str]:
        match = RUN.match(self.mark or "")
        return (match.group("given") or "").split() if match else []

    @property
    def printed(self) -> str | None:
        """The placeholder of a value an earlier command prints (`Kx3...`), if any."""
        match = RUN.match(self.mark or "")
        return match.group("printed") if match else None


def _commands(code: str) -> list[str]:
    """A block's commands as a reader types them: one a line, `\\` continuing it; comment
    lines (the page's sample output) are no command."""
    commands: list[str] = []
    pending = ""
    for line in code.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line + "\n"
        if not line.rstrip().endswith("\\"):
            commands.append(pending)
            pending = ""
    return commands + ([pending] if pending else [])


def _printed_lines(page: list[Block], placeholder: str) -> list[re.Pattern[str]]:
    """The page's sample output lines that show the placeholder (`#  Tournament Kx3...
    created: ...`), as patterns that read the real value off a printed line."""
    patterns = []
    for block in page:
        for line in block.code.splitlines():
            text = line.strip()
            if text.startswith("#") and placeholder in text:
                before, after = text.lstrip("# ").split(placeholder, 1)
                head = re.escape(before.split()[-1]) if before.split() else ""
                tail = re.escape(after.split()[0]) if after.split() else ""
                patterns.append(re.compile(rf"{head}\s*(\S+?)\s*{tail}"))
    return patterns


def _blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    return [
        Block(page, text.count("\n", 0, match.start("language")) + 1, match["mark"], match["code"])
        for match in BLOCK.finditer(text)
    ]


BLOCKS = [block for page in PAGES for block in _blocks(page)]
RUN_PAGES = sorted({block.page for block in BLOCKS if block.runs})


def test_every_shell_block_is_marked() -> None:
    unmarked = [
        block.where
        for block in BLOCKS
        if block.mark is None
        or not (RUN.match(block.mark) or NOT_RUN.match(block.mark) or block.with_postgresql)
    ]
    assert not unmarked, "shell blocks without <!-- run --> or <!-- not run: why -->: " + str(
        unmarked
    )


def test_blocks_not_run_say_why() -> None:
    """Most blocks run; the others are listed here with their reason (see `pytest -rA`)."""
    for block in BLOCKS:
        if block.with_postgresql:
            print(f"{block.where}: run by tests/docs/test_hosting_guide.py")
    skipped = [
        (b.where, NOT_RUN.match(b.mark or "")) for b in BLOCKS if not (b.runs or b.with_postgresql)
    ]
    for where, reason in skipped:
        print(f"{where}: {reason['reason'] if reason else '(unmarked)'}")
    # Most of the others start a server that runs until stopped.
    assert len(skipped) < len(BLOCKS) * 0.6, "too many blocks are not run"


# -- a fresh clone, an empty home --------------------------------------------------------------


def _fresh_clone(into: Path) -> Path:
    """The files git knows (as they are in the working tree, new ones included)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    clone = into / "spieltisch"
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    return clone


def _uv() -> str:
    found = shutil.which("uv") or shutil.which("uv", path=str(Path.home() / ".local" / "bin"))
    assert found, "uv is not on PATH (scripts/test.sh installs it)"
    return found


PASSED_ON: tuple[str, ...] = ("TERM", "TMPDIR", "SSL_", "REQUESTS_CA", "CURL_CA", "PIP_", "UV_")
PASSED_ON += ("HTTP", "NO_PROXY", "http", "no_proxy")
"""The machine's network settings (certificates, proxies, package mirrors): uv builds the
project with hatchling, which it may have to fetch."""


def _environment(home: Path) -> dict[str, str]:
    """An empty home and data folders; uv's download cache shared, so nothing is fetched twice."""
    uv = _uv()
    cache = subprocess.run([uv, "cache", "dir"], capture_output=True, text=True, check=True)
    keep = {key: value for key, value in os.environ.items() if key.startswith(PASSED_ON)}
    keep.pop("UV_PROJECT_ENVIRONMENT", None)  # each page makes its own environment
    return {
        **keep,
        "PATH": os.pathsep.join([str(Path(uv).parent), "/usr/local/bin", "/usr/bin", "/bin"]),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "UV_CACHE_DIR": cache.stdout.strip(),
        "UV_PYTHON": str(Path(sys.base_prefix) / "bin" / "python3"),  # this checkout's
        "NO_COLOR": "1",
    }


def _finished_record(game: str = "mahe", seed: int = 1) -> Record:
    state = spieltisch.load(game, players=2).new_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return state.to_record(["Ada", "Bo"])


def _give(folder: Path, name: str) -> None:
    records = [_finished_record(seed=seed) for seed in range(1, 5)]
    if name.endswith(".jsonl"):
        text = "".join(json.dumps(record) + "\n" for record in records)
    else:
        text = json.dumps(records[0])
    (folder / name).write_text(text, encoding="utf-8")


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This process's folder of the pages' bytecode, and of the clone, which is always at
    `<folder>/reader/spieltisch` (the cache names each file by its path)."""
    return tmp_path_factory.mktemp("compiled")


@pytest.mark.slow
@pytest.mark.parametrize("page", RUN_PAGES, ids=[str(p.relative_to(ROOT)) for p in RUN_PAGES])
def test_the_pages_commands_run_as_written(page: Path, tmp_path: Path, compiled: Path) -> None:
    reader = compiled / "reader"
    shutil.rmtree(reader, ignore_errors=True)  # the page before's clone, its files and its .venv
    clone = _fresh_clone(reader)
    home = tmp_path / "home"
    home.mkdir()
    env = _environment(home) | {"PYTHONPYCACHEPREFIX": str(compiled / "bytecode")}
    _run_page(_blocks(page), clone, env)


def _run_page(blocks: list[Block], clone: Path, env: dict[str, str]) -> None:
    """Every block marked to run, in page order, in one clone and home."""
    values: dict[str, str] = {}  # placeholder -> the value read off a printed line
    for block in blocks:
        if not block.runs:
            continue
        for name in block.given:
            _give(clone, name)
        placeholder = block.printed
        if placeholder is None:
            _run_commands(block, block.code, clone, env)
            continue
        patterns = _printed_lines(blocks, placeholder)
        assert patterns, f"{block.where}: the page never shows where {placeholder} is printed"
        for command in _commands(block.code):
            if placeholder in command:
                assert placeholder in values, (
                    f"{block.where}: {placeholder} is used before a command printed it:\n{command}"
                )
                command = command.replace(placeholder, values[placeholder])
            out = _run_commands(block, command, clone, env)
            if placeholder not in values:
                found = [m for p in patterns for m in [p.search(out)] if m]
                if found:
                    values[placeholder] = found[0].group(1)


def _run_commands(block: Block, code: str, clone: Path, env: dict[str, str]) -> str:
    """Run `code` (a block, or one command of it) as the reader would; its output."""
    done = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", code],
        cwd=clone,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=BLOCK_SECONDS,
    )
    assert done.returncode == 0, (
        f"{block.where} failed ({done.returncode}):\n{code}\n"
        f"--- stdout\n{done.stdout[-2000:]}\n--- stderr\n{done.stderr[-3000:]}"
    )
    assert "Traceback (most recent call last)" not in done.stderr, (
        f"{block.where}: a traceback\n{done.stderr[-3000:]}"
    )
    return done.stdout + done.stderr


def test_a_broken_command_fails_and_a_printed_id_is_carried_forward(tmp_path: Path) -> None:
    """The runner itself: a failing command fails the page; `Kx3...` is read off the line
    the page shows and typed in later commands, also in a later block."""
    page = ROOT / "page.md"  # never read: `where` names it
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    printed = Block(
        page,
        1,
        "run, Kx3... as printed",
        "echo 'Tournament t-42 created: X'\n"
        "#  Tournament Kx3... created: X, madn, 6 rounds\n"
        "test Kx3... = t-42 && \\\n  echo Kx3... > id.txt\n",
    )
    later = Block(page, 9, "run, Kx3... as printed", "grep -qx 'Kx3...' id.txt\n")
    _run_page([printed, later], tmp_path, env)
    assert (tmp_path / "id.txt").read_text() == "t-42\n"
    with pytest.raises(AssertionError, match="failed"):
        _run_page([Block(page, 1, "run", "true\nfalse\n")], tmp_path, env)
    with pytest.raises(AssertionError, match="before a command printed it"):
        _run_page([later, printed], tmp_path, env)
    assert _commands("a \\\n  b\n# out\nc  # why\n") == ["a \\\n  b\n", "c  # why\n"]
