"""What the banking games (Ace-Deuce-Jack, Ziginette, Skin) share: the bank event's fields and
the limits it sets, their checks (the limits, a bet outside them or beyond the bank, a banker who
bets, a card turned twice), the bank's rows on the table screen, the house's cut, a deal's money
as hands and as ledger postings, and the session's outcome.

Amounts are whole chips (ints); the table's ledger turns them into money (``docs/ledger.md``).

>>> house_cut("net", 25, ())
2
>>> house_cut("gross", 0, (19, 29))  # 1 + 2, each rounded down
3
>>> house_cut("net", -4, (4,)), house_cut("off", 40, (40,))
(0, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from .cards import Card
from .core import Family, HandScore, Option, Outcome, Rules, ScoreLine, Severity, Violation
from .events import Event, Seat
from .money import MAX_AMOUNT, Chips, Posting
from .text import Text, shown, tr
from .tricks import rank_word

#: The house's share of the banker's winnings in a house game, in percent.
CUT_PERCENT = 10


@dataclasses.dataclass(frozen=True, kw_only=True)
class BankEvent(Event):
    """The fields of every banking game's ``bank`` event: who holds the bank, the smallest and
    largest bet, and (if said) how much the banker can cover. Each game subclasses it with its
    own ``kind`` and ``summary``."""

    banker: Seat
    min_bet: int
    max_bet: int
    stack: int | None = None  # not said


@dataclasses.dataclass(frozen=True)
class Limits:
    """The bank as a ``bank`` event set it (a stack not said is 0: no cover is checked)."""

    banker: int
    min_bet: int
    max_bet: int
    stack: int

    @classmethod
    def of(cls, event: BankEvent) -> Limits:
        return cls(event.banker, event.min_bet, event.max_bet, event.stack or 0)


def limits_problems(event: BankEvent, *, stack_rule: str | None = "cover") -> list[Violation]:
    """``bad-limits``: a smallest bet below 1, a largest below the smallest and (unless
    ``stack_rule`` is None, when the game checks the stack its own way) a negative stack;
    ``too-much``: a largest bet or a stack above ``money.MAX_AMOUNT`` (whatever ``stack_rule``)."""
    problems: list[Violation] = []
    if event.min_bet < 1:
        problems.append(
            Violation("bad-limits", tr("The smallest bet must be at least 1."), rule="bets")
        )
    if event.max_bet < event.min_bet:
        problems.append(
            Violation(
                "bad-limits",
                tr(
                    "The largest bet ({high}) is below the smallest ({low}).",
                    high=Chips(event.max_bet),
                    low=Chips(event.min_bet),
                ),
                rule="bets",
            )
        )
    problems += too_much(
        event.max_bet,
        "bets",
        lambda amount, limit: tr(
            "The largest bet ({amount}) is more than any table plays: at most {limit}.",
            amount=amount,
            limit=limit,
        ),
    )
    if stack_rule is not None and event.stack is not None and event.stack < 0:
        problems.append(
            Violation(
                "bad-limits", tr("What the bank can cover cannot be negative."), rule=stack_rule
            )
        )
    if event.stack is not None:
        problems += too_much(
            event.stack,
            stack_rule or "bank",
            lambda amount, limit: tr(
                "What the bank can cover ({amount}) is more than any table plays: at most {limit}.",
                amount=amount,
                limit=limit,
            ),
        )
    return problems


def game_over() -> Violation:
    """``game-over``: anything recorded after the session ended."""
    return Violation("game-over", session_over(), rule="bank")


def session_over() -> Text:
    """The prompt (and the refusal) once the session has ended."""
    return tr("The session is over.")


def no_bank() -> Violation:
    """``no-bank``: a deal or a bet before anyone holds the bank."""
    return Violation("no-bank", tr("Say first who holds the bank and the limits."), rule="bank")


def banker_bets(player: str) -> Violation:
    """``banker-bets``: the banker bets against their own bank."""
    return Violation(
        "banker-bets", tr("{player} holds the bank and does not bet.", player=player), rule="bets"
    )


def outside_limits(player: str, amount: int, limits: Limits) -> Violation:
    """``bet-out-of-limits``: a bet below the smallest or above the largest."""
    return Violation(
        "bet-out-of-limits",
        tr(
            "{player}'s bet of {amount} is outside the limits: {low} to {high}.",
            player=player,
            amount=Chips(amount),
            low=Chips(limits.min_bet),
            high=Chips(limits.max_bet),
        ),
        rule="bets",
    )


def beyond_bank(
    limits: Limits, total: int, cover: str, rule: str, say: Callable[[Chips, Chips], Text]
) -> list[Violation]:
    """``beyond-bank``: the bank's bets come to ``total``, more than the stack the banker said
    they can cover (none said: never); refused with ``cover = cap``, else flagged.
    ``say(total, stack)`` words it (each game counts the bets its own way)."""
    if not limits.stack or total <= limits.stack:
        return []
    message = say(Chips(total), Chips(limits.stack))
    return [Violation("beyond-bank", message, severity=cover_severity(cover), rule=rule)]


def no_joker() -> Violation:
    """``bad-card``: a joker, which no banking game's pack has."""
    return Violation("bad-card", tr("There is no joker in the pack."), rule="cards")


def turned_twice(card: Card) -> Violation:
    """``card-twice``: a card turned again in the same deal."""
    return Violation(
        "card-twice", tr("{card} has already been turned this deal.", card=card), rule="cards"
    )


def bank_rows(
    names: Sequence[str], limits: Limits, *, per_card: bool = False, cover: bool = True
) -> list[tuple[str, str]]:
    """The bank's rows on the table screen: the banker, the limits (``per_card``: on each card)
    and, with ``cover``, what the bank can cover when said."""
    low, high = Chips(limits.min_bet), Chips(limits.max_bet)
    if per_card:
        bets = tr("{low} to {high} per card", low=low, high=high)
    else:
        bets = tr("{low} to {high}", low=low, high=high)
    rows: list[tuple[str, str]] = [
        (tr("Banker"), shown(names[limits.banker])),
        (tr("Bets"), bets),
    ]
    if cover and limits.stack:
        rows.append((tr("Bank can cover"), shown(Chips(limits.stack))))
    return rows


def too_much(amount: int, rule: str, say: Callable[[Chips, Chips], Text]) -> list[Violation]:
    """``too-much``: an amount above ``money.MAX_AMOUNT``, which no table plays (so an import
    cannot bring in an amount that breaks a sum or a column); ``say(amount, limit)`` words it."""
    if amount <= MAX_AMOUNT:
        return []
    return [Violation("too-much", say(Chips(amount), Chips(MAX_AMOUNT)), rule=rule)]


def cut_option(ruling: str) -> Option:
    """The ``cut`` house option (the house's 10 %), with the ruling that allows it."""
    return Option(
        "cut",
        tr("The house's cut"),
        tr(
            "A house game takes 10% of the banker's winnings, rounded down to the chip: of "
            "the banker's net win for each deal, of each losing bet taken, or nothing "
            "(ruling {ruling}).",
            ruling=ruling,
        ),
        (
            ("net", tr("10% of the net win per deal")),
            ("gross", tr("10% of each bet taken")),
            ("off", tr("no cut")),
        ),
    )


def cover_option(help: Text) -> Option:
    """The ``cover`` house option: bets beyond what the banker said they can cover are flagged
    (``warn``) or refused (``cap``); ``help`` says how the game counts them."""
    return Option(
        "cover",
        tr("Bets beyond the bank"),
        help,
        (("warn", tr("flag it")), ("cap", tr("refuse the bet"))),
    )


def cover_severity(cover: str) -> Severity:
    """A ``beyond-bank`` violation refuses the bet with ``cover = cap``, or only flags it."""
    return Severity.ERROR if cover == "cap" else Severity.IRREGULARITY


def house_cut(rule: str, banker_net: int, taken: Iterable[int]) -> int:
    """The house's cut, rounded down to the chip: 10 % of the banker's net win for the deal when
    positive ("net"), or 10 % of each losing bet the bank took (``taken``, each rounded down:
    "gross"), or none ("off")."""
    if rule == "net":
        return banker_net * CUT_PERCENT // 100 if banker_net > 0 else 0
    if rule == "gross":
        return sum(amount * CUT_PERCENT // 100 for amount in taken)
    return 0


def settle_cut(
    rule: str, money: Sequence[int], banker: int, taken: Iterable[int]
) -> tuple[tuple[int, ...], int]:
    """A deal's money per seat after the house's cut (:func:`house_cut`, taken off the
    banker's side), and the cut."""
    cut = house_cut(rule, money[banker], taken)
    return tuple(m - cut if seat == banker else m for seat, m in enumerate(money)), cut


def cut_line(rule: str, cut: int, net: int) -> ScoreLine:
    """The banker's line for the house's cut (``net``: the banker's win before it)."""
    if rule == "net":
        label = tr("The house's cut: 10% of the net win of {net}", net=Chips(net))
    else:
        label = tr("The house's cut: 10% of each bet taken")
    return ScoreLine(label, -cut, "cut")


def rank_list(ranks: frozenset[int]) -> Text:
    """Ranks as a list: "3, K" (each rank as the language writes it)."""
    ordered = sorted(ranks)
    text: Text = shown(rank_word(ordered[0]))
    for rank in ordered[1:]:
        text = tr("{a}, {b}", a=text, b=rank_word(rank))
    return text


def dealt_list(names: Sequence[str], dealt: Iterable[tuple[int, Card]]) -> Text:
    """Cards dealt to players, in order: "Ann 9♣, Bob K♥, Cat A♦" (a draw for the bank)."""
    text: Text | None = None
    for seat, card in dealt:
        part = tr("{player} {card}", player=names[seat], card=card)
        text = part if text is None else tr("{a}, {b}", a=text, b=part)
    if text is None:
        raise ValueError("no card dealt")
    return text


class Settled(Protocol):
    """A finished deal or hand of a banking game, as :func:`scored` reads it."""

    @property
    def number(self) -> int: ...

    @property
    def limits(self) -> Limits: ...

    @property
    def money(self) -> tuple[int, ...]: ...


_S = TypeVar("_S", bound=Settled)


def scored(
    done: _S,
    lines: Callable[[_S], tuple[tuple[ScoreLine, ...], ...]],
    summary: Callable[[_S], Text],
) -> HandScore:
    """A deal as it is settled, as a scored hand: its money per seat, explained, the banker
    dealing. Each game makes it once, when the deal is settled, and keeps it in the state's
    ``done`` (as every other game keeps its hands): the lines are not made again for every
    call of ``hands``, which a request makes about ten times."""
    return HandScore(
        number=done.number,
        points=done.money,
        lines=lines(done),
        dealer=done.limits.banker,
        summary=summary(done),
    )


def postings(scored: Iterable[HandScore], cuts: Sequence[int] = ()) -> tuple[Posting, ...]:
    """Each hand's money for the ledger (docs/ledger.md), linked to the hand and its summary;
    ``cuts`` (one per hand, when the game has a house) go to the house (seat None)."""
    out: list[Posting] = []
    for index, hand in enumerate(scored):
        for seat, amount in enumerate(hand.points):
            if amount:
                out.append(Posting(hand.number, seat, amount, hand.summary))
        cut = cuts[index] if index < len(cuts) else 0
        if cut:
            out.append(Posting(hand.number, None, cut, tr("The house's cut")))
    return tuple(out)


def open_postings(number: int, paid: Sequence[int]) -> tuple[Posting, ...]:
    """The money the deal under way (hand ``number``) has already moved at the table, a card
    matched being paid at once: ledger lines of their own while the deal runs, replaced by the
    deal's settled lines when it is settled. A game abandoned in the middle of a deal keeps
    them: that money changed hands; the bets still open simply go back to their owners.

    >>> [(p.hand, p.seat, p.amount) for p in open_postings(3, (4, 0, 0, -4))]
    [(3, 0, 4), (3, 3, -4)]
    """
    reason = tr("Deal {n}, not settled yet: paid at the table as cards were matched", n=number)
    return tuple(
        Posting(number, seat, amount, reason) for seat, amount in enumerate(paid) if amount
    )


def paid_row(names: Sequence[str], paid: Sequence[int]) -> tuple[Text, Text] | None:
    """The status row of the money a deal under way has moved so far: "Ann up 4, Dan down 4";
    None before any has moved."""
    text: Text | None = None
    for seat, amount in enumerate(paid):
        if not amount:
            continue
        part = (
            tr("{player} up {amount}", player=names[seat], amount=Chips(amount))
            if amount > 0
            else tr("{player} down {amount}", player=names[seat], amount=Chips(-amount))
        )
        text = part if text is None else tr("{a}, {b}", a=text, b=part)
    return None if text is None else (tr("Paid at the table this deal"), text)


def session_outcome(ended: bool, totals: Sequence[int]) -> Outcome | None:
    """A banking session has no fixed end: once ended, the best totals win."""
    if not ended:
        return None
    top = max(totals)
    return Outcome("session-ended", tuple(s for s, t in enumerate(totals) if t == top))


class Banked(Protocol):
    """A banking game's state, as :class:`BankingRules` reads it: the settled deals as scored
    hands (made once each, :func:`scored`), and whether the session has ended."""

    @property
    def done(self) -> tuple[HandScore, ...]: ...

    @property
    def ended(self) -> bool: ...


_B = TypeVar("_B", bound=Banked)
_O = TypeVar("_O")


class BankingRules(Rules[_B, _O]):
    """What every banking game's rules answer alike: its hands are the deals settled, its money
    goes to the ledger hand by hand (and the house's cut, if any, to the house), and the session
    ends when the table says so, the best totals winning."""

    family = Family.BANKING

    def hands(self, state: _B) -> tuple[HandScore, ...]:
        return state.done

    def cuts(self, state: _B) -> Sequence[int]:
        """The house's cut of each settled deal (none: a game without a house)."""
        return ()

    def paid_so_far(self, state: _B) -> Sequence[int]:
        """Per seat, the money the deal under way has already moved at the table (none: a game
        that settles a deal all at once)."""
        return ()

    def postings(self, state: _B) -> tuple[Posting, ...]:
        """Each deal's money (docs/ledger.md), the house's cut to the house, and what the deal
        under way has paid so far (:func:`open_postings`): zero-sum."""
        hands = self.hands(state)
        return postings(hands, self.cuts(state)) + open_postings(
            len(hands) + 1, self.paid_so_far(state)
        )

    def outcome(self, state: _B) -> Outcome | None:
        return session_outcome(state.ended, self.scores(state))
