"""``python manage.py makemessages``: Django's own, which also knows the engine's keywords.

The engine and the games (``companion/rules``, ``companion/games``) write their sentences with
``tr("...")``, ``tr_n("...", "...", n)`` and ``trc("context", "...")`` (docs/i18n.md); this
command tells xgettext about them, so that every sentence of every game lands in the catalogues
with the interface's. With no ``--locale``, every language in ``settings.LANGUAGES`` but
English is updated (``-a`` does the same). Then compile: ``python manage.py compilemessages``,
and commit both the ``.po`` and the ``.mo`` files (CI and a fresh checkout need no gettext).

Needs GNU gettext (``apt-get install gettext``): xgettext, msgmerge, msgattrib.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.commands import makemessages

#: The engine's translatable-text functions (companion/rules/text.py), as xgettext keywords.
ENGINE_KEYWORDS = ["--keyword=tr", "--keyword=tr_n:1,2", "--keyword=trc:1c,2"]
#: What is never read for messages: tests and benches print English on purpose, the
#: collected static files are copies.
IGNORED = ["tests", "bench", "staticfiles", "docs", "build", "*.egg-info", "node_modules"]


class Command(makemessages.Command):
    help = makemessages.Command.help + " Knows the engine's tr, tr_n and trc."
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]
    # No guessed ("fuzzy") translations of new messages from similar old ones: a new message
    # stays untranslated, shown in English, until someone translates it (and the tests say so).
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]

    def handle(self, *args: Any, **options: Any) -> None:
        if not options.get("locale") and not options.get("all") and not options.get("exclude"):
            options["locale"] = [code for code, _ in settings.LANGUAGES if code != "en"]
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        options.setdefault("no_obsolete", True)
        options["no_obsolete"] = True
        super().handle(*args, **options)
