"""Tables, players, games and their append-only event logs.

The event log is the truth: a game's state, scores and "what next" are always derived by
replaying its events through the rules engine (``Game.rules()`` + ``companion.rules.replay``).
Event rows are never updated or deleted; a correction is another event (a void).
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext

from companion import games
from companion import rules as engine


def new_key() -> str:
    """An unguessable link key: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


class Club(models.Model):
    """A club night: one organiser's page watching many tables at once. Its ``key`` is the
    organiser's and gives scorer access to every table in the club; ``view_key`` shows the
    same overview read-only (a big screen at the front, the players' own phones)."""

    name = models.CharField(max_length=60)
    key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    created = models.DateTimeField(default=timezone.now)
    client_id = models.UUIDField(null=True, blank=True, unique=True)

    def __str__(self) -> str:
        return self.name


class Table(models.Model):
    """A gathering of people around one physical table. Anyone with a link can watch
    (``view_key``); only holders of the scorer link (``score_key``) can record."""

    name = models.CharField(max_length=60, blank=True)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    score_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    created = models.DateTimeField(default=timezone.now)
    # Bumped in the same transaction as every write; phones poll it to see if anything changed.
    version = models.PositiveIntegerField(default=0)
    club = models.ForeignKey(Club, models.SET_NULL, null=True, blank=True, related_name="tables")
    # The form submission that created it: a retried "Create table" finds it, not a second one.
    client_id = models.UUIDField(null=True, blank=True, unique=True)
    # The language every phone and the big-screen viewer of this table show ("" = each phone's own).
    language = models.CharField(max_length=10, blank=True, default="")
    # The money ledger (docs/ledger.md): how amounts are shown, what a chip of a banking game and
    # a point of a points game are worth in minor units, and whom everything is settled through
    # (nobody: the fewest transfers).
    currency = models.CharField(max_length=8, blank=True, default="")
    decimals = models.PositiveSmallIntegerField(default=2)
    chip_value = models.PositiveBigIntegerField(default=100)
    point_stake = models.PositiveBigIntegerField(default=0)
    settle_through = models.ForeignKey(
        "Player", models.SET_NULL, null=True, blank=True, related_name="+"
    )

    def __str__(self) -> str:
        return self.name or f"Table {self.pk}"

    @property
    def title(self) -> str:
        return self.name or gettext("Card table")


class Player(models.Model):
    table = models.ForeignKey(Table, models.CASCADE, related_name="players")
    name = models.CharField(max_length=30)
    position = models.PositiveSmallIntegerField()
    # Left the table between games: their games and results stay, they are not offered for
    # new games, and they can be seated again (actions.do_remove_player, do_seat_again).
    left = models.BooleanField(default=False)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="player_position_unique"),
            models.UniqueConstraint(fields=["table", "name"], name="player_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Game(models.Model):
    """One game played at a table: its rules, house options, seats and event log."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=32, choices=games.game_choices)
    options = models.JSONField(default=dict)
    rules_version = models.PositiveSmallIntegerField()
    created = models.DateTimeField(default=timezone.now)
    # Names this game's replays in the cache. Primary keys are reused (every test database, a
    # backup restored), so a key made from ``pk`` could find another game's replay.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.title} #{self.number}"

    @property
    def rules_class(self) -> type[engine.Rules[Any, Any]]:
        return games.get_rules(self.game)

    @property
    def title(self) -> str:
        return self.rules_class.title

    def seat_names(self) -> list[str]:
        return [s.player.name for s in self.seats.select_related("player").order_by("position")]

    def rules(self, names: list[str] | None = None) -> engine.Rules[Any, Any]:
        names = names if names is not None else self.seat_names()
        return self.rules_class(len(names), self.options, names)


class Seat(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_player_unique"),
        ]


class Event(models.Model):
    """One recorded fact, in the engine's stored JSON form. Append-only."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()  # 0-based position in the game's log
    kind = models.CharField(max_length=16)
    payload = models.JSONField()
    recorded_at = models.DateTimeField(default=timezone.now)
    # The id of the form submission that wrote this row: a retried submission (double tap,
    # flaky Wi-Fi) finds it and is not recorded twice.
    client_id = models.UUIDField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_seq_unique"),
            models.UniqueConstraint(fields=["game", "client_id"], name="event_client_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq + 1} {self.kind}"


class OptionChange(models.Model):
    """The table changed a game's house rules after it started. The game's options are the new
    ones; this keeps what they were, so the change shows on the game page."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="option_changes")
    before = models.JSONField()
    after = models.JSONField()
    changed_at = models.DateTimeField(default=timezone.now)
    client_id = models.UUIDField(null=True, blank=True, unique=True)

    class Meta:
        ordering = ["changed_at", "pk"]


class Payment(models.Model):
    """A payment of the ledger's plan marked done: ``payer`` handed ``amount`` minor units to
    ``payee`` (None: the house). The ledger's balances stay derived from the games' logs."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="payments")
    payer = models.ForeignKey(Player, models.CASCADE, null=True, blank=True, related_name="+")
    payee = models.ForeignKey(Player, models.CASCADE, null=True, blank=True, related_name="+")
    amount = models.PositiveBigIntegerField()
    made_at = models.DateTimeField(default=timezone.now)
    client_id = models.UUIDField(null=True, blank=True, unique=True)

    class Meta:
        ordering = ["made_at", "pk"]
