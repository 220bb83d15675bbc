"""The throwaway PostgreSQL clusters use the newest version installed, not a hard-coded
one (issue 34)."""

from __future__ import annotations

from pathlib import Path

from tests.server.servers import newest_postgresql_bin


def _install(root: Path, *versions: str) -> None:
    for version in versions:
        folder = root / version / "bin"
        folder.mkdir(parents=True)
        (folder / "initdb").write_text("")


def test_the_newest_installed_version_is_taken(tmp_path: Path) -> None:
    _install(tmp_path, "9", "15", "17")
    (tmp_path / "18").mkdir()  # a version folder without binaries does not count
    assert newest_postgresql_bin(tmp_path) == tmp_path / "17" / "bin"


def test_versions_compare_as_numbers(tmp_path: Path) -> None:
    _install(tmp_path, "9", "10")
    assert newest_postgresql_bin(tmp_path) == tmp_path / "10" / "bin"


def test_the_script_names_no_version() -> None:
    script = (Path(__file__).parents[2] / "scripts" / "test.sh").read_text()
    assert "postgresql/15" not in script and "postgresql-15" not in script
