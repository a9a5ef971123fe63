"""Money on the game pages, in the table's currency (docs/ledger.md).

The banking games count in chips (``companion.rules.money.Chips`` inside their sentences, whole
numbers in their hands); the table says what a chip is worth (``Table.chip_value``, in minor
units), its currency sign and how many decimals it writes. For the rest of a request a table's
views call :func:`use_table_money` (through ``i18n.use_table_language``), and every amount is
then written the way the ledger page writes it: integer minor units, never a float, with the
active language's decimal separator and grouping (``€1234.50`` in English, ``€1 234,50`` in
French). With no table (a rules page's examples) an amount is a plain number of chips.
"""

from __future__ import annotations

import contextvars
import dataclasses
from typing import Any

from django.core.signals import request_started
from django.utils import formats, translation
from django.utils.translation import gettext

from companion.rules.money import LedgerError


@dataclasses.dataclass(frozen=True)
class TableMoney:
    currency: str
    decimals: int
    chip_value: int  # minor units per chip


_MONEY: contextvars.ContextVar[TableMoney | None] = contextvars.ContextVar(
    "companion_table_money", default=None
)


def use_table_money(table: Any) -> None:
    """Write the amounts of this request in ``table``'s currency."""
    _MONEY.set(
        TableMoney(
            currency=getattr(table, "currency", ""),
            decimals=getattr(table, "decimals", 0),
            chip_value=getattr(table, "chip_value", 1),
        )
    )


def current() -> TableMoney | None:
    """The money amounts are written in for this request (None: plain chips). Anything kept
    between requests that holds an amount already written (a history line, a page) must have
    it in its key."""
    return _MONEY.get()


def _forget(**_: Any) -> None:
    """A new request starts with no table: amounts are chips until a table's view says."""
    _MONEY.set(None)


request_started.connect(_forget, dispatch_uid="companion.tables.money_shown")


def money_text(minor: int, currency: str = "", decimals: int = 2) -> str:
    """Minor units as the active language writes money: ``1250`` is ``€12.50`` in English,
    ``€12,50`` in French; integers only, so no amount is ever rounded."""
    if isinstance(minor, bool) or not isinstance(minor, int):
        raise LedgerError(f"an amount must be an int in minor units, got {minor!r}")
    whole, frac = divmod(abs(minor), 10**decimals)
    grouped = formats.number_format(whole, force_grouping=translation.get_language() != "en")
    text = grouped
    if decimals:
        text += formats.get_format("DECIMAL_SEPARATOR") + f"{frac:0{decimals}d}"
    return f"{'-' if minor < 0 else ''}{currency}{text}"


def chips_text(chips: int) -> str:
    """An amount of chips: in the table's currency when a table is in use, else the number."""
    money = _MONEY.get()
    if money is None:
        return formats.number_format(chips, force_grouping=translation.get_language() != "en")
    return money_text(chips * money.chip_value, money.currency, money.decimals)


def in_chips(label: str) -> str:
    """A field where chips are typed, labelled with what a chip is worth at this table:
    "Bet (in chips of €0.50)"; the label alone when no table is in use."""
    money = _MONEY.get()
    if money is None:
        return label
    return gettext("%(label)s (in chips of %(chip)s)") % {"label": label, "chip": chips_text(1)}


@dataclasses.dataclass(frozen=True)
class Amount:
    """A banking game's points (chips) on the scoreboard: compared as a number (the template
    writes ``+`` before a gain), written in the table's currency."""

    chips: int

    def __str__(self) -> str:
        return chips_text(self.chips)

    def _other(self, other: object) -> int:
        value = other.chips if isinstance(other, Amount) else other
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"an amount compares with a number, not {other!r}")
        return value

    def __gt__(self, other: object) -> bool:
        return self.chips > self._other(other)

    def __lt__(self, other: object) -> bool:
        return self.chips < self._other(other)

    def __ge__(self, other: object) -> bool:
        return self.chips >= self._other(other)

    def __le__(self, other: object) -> bool:
        return self.chips <= self._other(other)
