"""The rules pages are written in our own words: no run of words copied from a source text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from companion.games import GAMES

from .helpers import words

SHARED_RULES = Path(settings.BASE_DIR).parent / "shared" / "rules"
RUN = 8  # words in a row that would count as copied


RANKS = {"a", "k", "q", "j", "10", "9", "8", "7", "6", "5", "4", "3", "2"}


def _shingles(text: str) -> set[tuple[str, ...]]:
    """Every run of RUN words, except lists of card ranks (an order of cards is a fact)."""
    tokens = re.findall(r"[a-z0-9']+", text.lower())
    runs = (tuple(tokens[i : i + RUN]) for i in range(len(tokens) - RUN + 1))
    return {run for run in runs if sum(t in RANKS for t in run) < RUN // 2}


@pytest.mark.parametrize("key", list(GAMES))
def test_rules_page_copies_no_sentence_from_the_source(client: Client, key: str) -> None:
    source = SHARED_RULES / key.replace("_", "-") / "source.txt"
    if not source.exists():
        pytest.skip(f"{source} is not beside this checkout")
    page = words(client.get(f"/rules/{key}/"))
    copied = _shingles(page) & _shingles(source.read_text(errors="replace"))
    assert not copied, f"copied from source.txt: {sorted(' '.join(c) for c in copied)[:5]}"
