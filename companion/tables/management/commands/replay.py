"""``python manage.py replay FILE.json``: replay a companion/1 game log with full validation.

Prints one JSON object: the per-hand points, totals, whether the game is over, the winners and
the irregularities the rules flagged (``"flags": [{"event": index, "code": ..., "message": ...}]``,
a revoke proven by a later card, say: recorded, not refused); or, when an event is refused,
``{"error": {"event": index, "code": ..., "message": ...}}`` and exits with status 1. An
exception the rules do not raise by contract (a defect of ours) gets the same answer, with the
code ``internal-error`` and the entry it happened on, and its traceback goes to the log.
The database is not touched.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandParser

from companion.games import log as game_log
from companion.tables import logjson

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Replay a game log (companion/1 JSON) through the rules and print the result as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="path to the log, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = game_log.summarize(game_log.load_log(self._read(options["file"])))
        except game_log.UnexpectedError as exc:  # a defect of ours: its traceback for us
            logger.exception("replay: the app failed on entry %s of the log", exc.index)
            self._fail(exc)
        except game_log.LogError as exc:
            self._fail(exc)
        except RecursionError:  # nothing the log checks let through should get here
            self._fail(game_log.LogError("the log is nested too deeply to be replayed"))
        except Exception:  # the last guard: the JSON error, never a traceback on stdout
            logger.exception("replay: the app failed on the log")
            self._fail(game_log.UnexpectedError(None))
        self.stdout.write(json.dumps(result, ensure_ascii=False))

    def _fail(self, error: game_log.LogError) -> NoReturn:
        self.stdout.write(json.dumps(error.as_json(), ensure_ascii=False))
        sys.exit(1)

    def _read(self, path: str) -> Any:
        """The log's JSON, read as bytes and checked (logjson): not UTF-8, too large, too deep,
        a number too long or a text no database stores are each a LogError saying so."""
        try:
            if path == "-":
                raw = sys.stdin.buffer.read(logjson.MAX_BYTES + 1)
            else:
                with Path(path).open("rb") as file:
                    raw = file.read(logjson.MAX_BYTES + 1)
        except OSError as exc:
            raise game_log.LogError(f"cannot read {path}: {exc.strerror}") from None
        return logjson.parse(raw)
