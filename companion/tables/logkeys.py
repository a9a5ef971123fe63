"""Log lines without secrets: a table's or a club's key is the password of its link, and
Django logs every 4xx and 5xx with its path. Loaded by the logging configuration (settings), so
it imports nothing from Django."""

from __future__ import annotations

import logging
import re

_KEY = re.compile(r"/([tc])/[^/?#\s\"']+")


def without_keys(text: str) -> str:
    """``/t/<key>/g/1/`` as ``/t/…/g/1/``: a path without the secret in it."""
    return _KEY.sub(r"/\1/…", text)


class HideKeys(logging.Filter):
    """Log lines never carry a table's or a club's key (the link is the password): Django logs
    every 4xx and 5xx with its path, and those paths hold them."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = without_keys(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(without_keys(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: without_keys(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True
