"""``python manage.py prune --days 180``: remove the tables and clubs nobody has touched for
that long (nothing recorded, no game started, no house rule changed, no table joining a club).
A table's games, players and entries go with it; a club's tables are kept (they leave the
club) unless they are idle too. ``--dry-run`` only counts. The default comes from
``COMPANION_PRUNE_DAYS`` (180).
"""

from __future__ import annotations

import datetime
import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Max, Q
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from companion.tables.models import Club, Table


class Command(BaseCommand):
    help = "Remove tables and clubs untouched for --days days (default COMPANION_PRUNE_DAYS, 180)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=None)
        parser.add_argument("--dry-run", action="store_true", help="count, remove nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"]
        if days is None:
            try:
                days = int(os.environ.get("COMPANION_PRUNE_DAYS", "180"))
            except ValueError:
                raise CommandError("COMPANION_PRUNE_DAYS must be a number of days") from None
        if days < 1:
            raise CommandError("--days must be at least 1")
        cutoff = timezone.now() - datetime.timedelta(days=days)
        idle = list(idle_tables(cutoff).values_list("pk", flat=True))
        tables = Table.objects.filter(pk__in=idle)
        busy = Table.objects.exclude(pk__in=idle).exclude(club=None).values("club_id")
        clubs = Club.objects.filter(created__lt=cutoff).exclude(Q(pk__in=busy))
        counts = (tables.count(), clubs.count())
        if not options["dry_run"]:
            tables.delete()
            clubs.delete()
        verb = "would remove" if options["dry_run"] else "removed"
        self.stdout.write(
            f"{verb} {counts[0]} tables and {counts[1]} clubs untouched for {days} days"
        )


def idle_tables(cutoff: datetime.datetime) -> Any:
    """Tables whose latest sign of life (created, a game started, an entry, a house rule
    changed) is before ``cutoff``."""
    return Table.objects.annotate(
        last=Greatest(
            "created",
            Coalesce(Max("games__created"), "created"),
            Coalesce(Max("games__events__recorded_at"), "created"),
            Coalesce(Max("games__option_changes__changed_at"), "created"),
        )
    ).filter(last__lt=cutoff)
