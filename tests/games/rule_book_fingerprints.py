"""Fingerprints of the rule books, so the rulings' quotations are checked everywhere.

The rule books are the developers' reference and are not in the repository (the project
does not copy their text). A clean clone still checks each quotation against them through
`rule_book_fingerprints.json`: a 4-byte hash of every run of two and three words of each
game's books, from which no sentence can be read back. Where the books are at hand, the
test checks that the stored fingerprints are theirs.

Regenerate after a rule book changes: `uv run python -m tests.games.rule_book_fingerprints DIR`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

STORED = Path(__file__).with_name("rule_book_fingerprints.json")
RUNS = (2, 3)
"""Run lengths hashed: a quotation of two words is checked by its one pair, a longer one
by every three words in a row."""


def plain_words(text: str) -> list[str]:
    """Words compared without case, punctuation, ligatures or line breaks."""
    text = text.lower().replace("œ", "oe").replace("’", "'")
    return re.findall(r"\w+", text)


def _hash(words: Iterable[str]) -> int:
    digest = hashlib.blake2b(" ".join(words).encode("utf-8"), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def _runs(words: list[str], length: int) -> Iterable[tuple[str, ...]]:
    return (tuple(words[i : i + length]) for i in range(len(words) - length + 1))


def fingerprint(texts: Iterable[str]) -> set[int]:
    """The hashes of every run of two and three words of the texts."""
    found: set[int] = set()
    for text in texts:
        words = plain_words(text)
        for length in RUNS:
            found.update(_hash(run) for run in _runs(words, length))
    return found


def quoted_in(quotation: str, fingerprints: set[int]) -> bool:
    """Whether every run of the quotation's words is a run of the books' words."""
    words = plain_words(quotation)
    length = min(len(words), max(RUNS))
    if length < min(RUNS):
        return False
    return all(_hash(run) in fingerprints for run in _runs(words, length))


def encode(fingerprints: set[int]) -> str:
    return base64.b64encode(b"".join(h.to_bytes(4, "big") for h in sorted(fingerprints))).decode()


def decode(text: str) -> set[int]:
    raw = base64.b64decode(text)
    return {int.from_bytes(raw[i : i + 4], "big") for i in range(0, len(raw), 4)}


def stored() -> dict[str, set[int]]:
    """Each game's stored fingerprints."""
    games = json.loads(STORED.read_text(encoding="utf-8"))["games"]
    return {game: decode(text) for game, text in games.items()}


def of_books(folder: Path, books: dict[str, tuple[str, ...]]) -> dict[str, set[int]]:
    """Each game's fingerprints computed from the rule books in `folder`."""
    return {
        game: fingerprint((folder / name).read_text(encoding="utf-8") for name in names)
        for game, names in books.items()
    }


def main(folder: Path) -> None:
    from tests.games.test_rulings_quote_the_books import BOOKS

    games = {game: encode(found) for game, found in of_books(folder, BOOKS).items()}
    document = {"hash": "blake2b, 4 bytes, of runs of 2 and 3 plain words", "games": games}
    STORED.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
