"""Submission ids (``client_id``) for the forms a page carries.

Every form that changes something carries a one-time id, so that a resent submission (a double
tap, the offline queue sending again) is recognised and recorded once. Two forms must never be
given the same id, or the second submission would be taken for a resend of the first. Pages
kept for other phones (``kept/pages.py``) are rendered with a placeholder in place of each id, and
each response fills in fresh ones: so every form-making code asks :func:`fresh_id`, never
``uuid.uuid4`` itself.
"""

from __future__ import annotations

import contextlib
import contextvars
import uuid
from collections.abc import Iterator

#: Stands for a form's submission id in a kept page; each one is replaced by a fresh id.
PLACEHOLDER = uuid.UUID("00000000-0000-4000-8000-00000c0ffee0")
_placeholders = contextvars.ContextVar("companion_id_placeholders", default=False)


def fresh_id() -> uuid.UUID:
    """A new submission id, or the placeholder while a page to be kept is rendered."""
    return PLACEHOLDER if _placeholders.get() else uuid.uuid4()


@contextlib.contextmanager
def placeholders() -> Iterator[None]:
    """Within this block, :func:`fresh_id` gives the placeholder."""
    token = _placeholders.set(True)
    try:
        yield
    finally:
        _placeholders.reset(token)
