"""Skin's validation: every check of an entry, named by its violation code.

Called by :meth:`Skin.violations`; each function returns the problems with one event in the
current state (errors refuse it; a bank too small to cover every largest bet is only flagged, and
a bet beyond the bank is flagged unless the ``cover`` option refuses it). What every banking game
checks alike (the limits, a bet outside them or beyond the bank, a joker, a card turned twice)
is :mod:`companion.rules.banking`'s.
"""

from __future__ import annotations

from companion.games.skin import play
from companion.games.skin.events import (
    Bank,
    BankerCard,
    Bet,
    DealState,
    End,
    FirstAce,
    Out,
    SideBet,
    SkinState,
    Table,
    TakeCentre,
    Turn,
)
from companion.rules import banking
from companion.rules.cards import ACE, Card
from companion.rules.core import Severity, Violation
from companion.rules.events import Event
from companion.rules.money import Chips
from companion.rules.text import tr
from companion.rules.tricks import rank_word


def violations(rules: Table, state: SkinState, event: Event) -> list[Violation]:
    """Every problem with ``event`` in ``state``."""
    if state.ended:
        return [banking.game_over()]
    if isinstance(event, Bank):
        return bank_problems(rules, state, event)
    if isinstance(event, FirstAce):
        return first_ace_problems(rules, state, event)
    if isinstance(event, End):
        if state.deal is not None:
            return [Violation("deal-under-way", tr("Finish the deal first."), rule="end-of-deal")]
        return []
    deal = state.deal
    if deal is None:
        return [
            Violation("no-deal", tr("Say first who banks this deal and the limits."), rule="bank")
        ]
    if isinstance(event, Out):
        return []
    if event.kind not in rules.expects(state) and event.kind not in ("bet", "side_bet"):
        return [not_now(rules, state, deal)]
    if isinstance(event, Turn):
        return turn_problems(rules, deal, event)
    if isinstance(event, BankerCard):
        return banker_card_problems(rules, deal, event.card)
    if isinstance(event, TakeCentre):
        return take_problems(rules, deal, event.seat, event.card, event.bet, centre=True)
    if isinstance(event, Bet):
        if deal.banker_card is None:
            message = tr("The banker has no card: nobody can bet now.")
            return [Violation("no-banker-card", message, rule="banker-loses")]
        if deal.cards[event.seat] is None or event.seat == deal.limits.banker:
            return [
                Violation(
                    "no-card",
                    tr("{player} has no card to bet on.", player=rules.names[event.seat]),
                    rule="bets",
                )
            ]
        if deal.pots[event.seat]:
            return [
                Violation(
                    "bet-twice",
                    tr(
                        "{player} already has a bet with the banker; raising it is not allowed.",
                        player=rules.names[event.seat],
                    ),
                    rule="bets",
                )
            ]
        return bet_problems(rules, deal, event.seat, event.amount)
    if isinstance(event, SideBet):
        return side_problems(rules, deal, event)
    return []


def not_now(rules: Table, state: SkinState, deal: DealState) -> Violation:
    """Why an event the phase does not expect is refused: ``banker-card-first``,
    ``banker-decides`` or ``not-now``."""
    if deal.first is not None:
        return Violation(
            "banker-card-first", tr("The banker deals their own card first."), rule="deal"
        )
    if deal.lost:
        return Violation(
            "banker-decides",
            tr("The banker first takes a new card or declines."),
            rule="banker-loses",
        )
    return Violation("not-now", tr("That cannot be recorded now."), rule="deal")


def bank_problems(rules: Table, state: SkinState, event: Bank) -> list[Violation]:
    """``deal-under-way``, ``wrong-banker``, the limits' own checks and ``bank-too-small`` (a
    stack below every player's largest bet: flagged)."""
    if state.deal is not None:
        return [
            Violation("deal-under-way", tr("Finish the deal before the bank changes."), rule="bank")
        ]
    problems: list[Violation] = []
    if state.next_banker is not None and event.banker != state.next_banker:
        problems.append(
            Violation(
                "wrong-banker",
                tr(
                    "The bank passes to {next}, not to {player}.",
                    next=rules.names[state.next_banker],
                    player=rules.names[event.banker],
                ),
                rule="bank",
            )
        )
    problems += banking.limits_problems(event, stack_rule=None)
    needed = event.max_bet * (rules.n_seats - 1)
    if event.stack is not None and event.stack < needed:
        problems.append(
            Violation(
                "bank-too-small",
                tr(
                    "{banker} can cover {stack}, less than the largest bet from every "
                    "player ({needed}).",
                    banker=rules.names[event.banker],
                    stack=Chips(event.stack),
                    needed=Chips(needed),
                ),
                severity=Severity.IRREGULARITY,
                rule="bank",
            )
        )
    return problems


def first_ace_problems(rules: Table, state: SkinState, event: FirstAce) -> list[Violation]:
    """``banker-known``, ``no-ace``, ``bad-card``, ``card-twice``, ``ace-earlier``: the deal
    for the first banker."""
    if state.deal is not None or state.finished or state.next_banker is not None:
        return [
            Violation(
                "banker-known",
                tr("The first banker is found once, before the first deal."),
                rule="bank",
            )
        ]
    if not event.cards:
        return [
            Violation("no-ace", tr("Give at least the ace that found the banker."), rule="bank")
        ]
    seats = rules.dealt_to(event.seat, len(event.cards))
    for index, (seat, card) in enumerate(zip(seats, event.cards, strict=True)):
        if card.is_joker:
            return [banking.no_joker()]
        if card in event.cards[:index]:
            return [Violation("card-twice", tr("{card} is dealt twice.", card=card), rule="cards")]
        if card.rank == ACE and index < len(event.cards) - 1:
            return [
                Violation(
                    "ace-earlier",
                    tr(
                        "{card} is an ace, dealt to {player}: the deal stops there and "
                        "{player} banks.",
                        card=card,
                        player=rules.names[seat],
                    ),
                    rule="bank",
                )
            ]
    last = event.cards[-1]
    if last.rank != ACE:
        return [
            Violation(
                "no-ace",
                tr(
                    "{card}, dealt to {player}, is not an ace: keep dealing until an ace appears.",
                    card=last,
                    player=rules.names[event.seat],
                ),
                rule="bank",
            )
        ]
    return []


def card_problems(deal: DealState, card: Card) -> list[Violation]:
    """``bad-card``, ``card-twice``: a card turned must be in the pack and not seen this deal."""
    if card.is_joker:
        return [banking.no_joker()]
    if card in deal.seen:
        return [banking.turned_twice(card)]
    return []


def turn_problems(rules: Table, deal: DealState, event: Turn) -> list[Violation]:
    """A card turned: the card's own checks, ``bet-without-taker``, ``card-decided`` (the rules
    decide it, nobody takes it), ``no-banker-card``, then the taker's checks."""
    if problems := card_problems(deal, event.card):
        return problems
    what, seat = play.decided(deal, event.card)
    if event.taker is None:
        if event.bet:
            return [
                Violation("bet-without-taker", tr("Say who took the card and bet."), rule="bets")
            ]
        return []
    if what != "offer":
        reasons = {
            "dead": tr(
                "{rank}s are dead: {card} is discarded.",
                rank=rank_word(event.card.rank),
                card=event.card,
            ),
            "banker": tr(
                "{card} pairs the banker's card: the bank pays, nobody takes it.",
                card=event.card,
            ),
            "player": tr(
                "{card} pairs {player}'s card: nobody takes it.",
                card=event.card,
                player=rules.names[seat] if seat is not None else "",
            ),
            "centre": tr("{card} pairs a card in the centre: nobody takes it.", card=event.card),
        }
        return [Violation("card-decided", reasons[what], rule="matching")]
    if deal.declined or (deal.started and deal.banker_card is None):
        return [
            Violation(
                "no-banker-card",
                tr("The banker has no card: nobody can bet now."),
                rule="banker-loses",
            )
        ]
    return take_problems(rules, deal, event.taker, event.card, event.bet or 0, centre=False)


def take_problems(
    rules: Table, deal: DealState, seat: int, card: Card, bet: int, *, centre: bool
) -> list[Violation]:
    """``banker-takes``, ``has-card``, ``not-in-centre``, ``no-banker-card``, then the bet's
    checks."""
    name = rules.names[seat]
    if seat == deal.limits.banker:
        return [
            Violation(
                "banker-takes",
                tr("{player} holds the bank and takes no card.", player=name),
                rule="deal",
            )
        ]
    if deal.cards[seat] is not None:
        return [Violation("has-card", tr("{player} already has a card.", player=name), rule="deal")]
    if centre:
        if card not in deal.centre:
            return [
                Violation(
                    "not-in-centre",
                    tr("{card} is not in the centre.", card=card),
                    rule="centre",
                )
            ]
        if deal.declined or deal.banker_card is None:
            return [
                Violation(
                    "no-banker-card",
                    tr("The banker has no card: nobody can bet now."),
                    rule="banker-loses",
                )
            ]
    return bet_problems(rules, deal, seat, bet)


def bet_problems(rules: Table, deal: DealState, seat: int, amount: int) -> list[Violation]:
    """``bet-out-of-limits`` and ``beyond-bank`` (every bet with the banker now, and this one)."""
    limits = deal.limits
    if not limits.min_bet <= amount <= limits.max_bet:
        return [banking.outside_limits(rules.names[seat], amount, limits)]
    return banking.beyond_bank(
        limits,
        sum(deal.pots) + amount,
        rules.options.cover,
        "bets",
        lambda total, stack: tr(
            "{player}'s bet of {amount} brings the banker's bets to {total}, more "
            "than the {stack} {banker} can cover.",
            player=rules.names[seat],
            amount=Chips(amount),
            total=total,
            stack=stack,
            banker=rules.names[limits.banker],
        ),
    )


def banker_card_problems(rules: Table, deal: DealState, card: Card) -> list[Violation]:
    """``card-decided``: the banker's card is of a dead rank, or pairs a player's card."""
    if problems := card_problems(deal, card):
        return problems
    if card.rank in deal.dead:
        return [
            Violation(
                "card-decided",
                tr(
                    "{rank}s are dead: {card} is discarded and the banker takes the next card.",
                    rank=rank_word(card.rank),
                    card=card,
                ),
                rule="dead",
            )
        ]
    if deal.first is None:
        for seat, held in enumerate(deal.cards):
            if held is not None and held.rank == card.rank:
                return [
                    Violation(
                        "card-decided",
                        tr(
                            "{card} pairs {player}'s card: set it aside and give the "
                            "banker the next card.",
                            card=card,
                            player=rules.names[seat],
                        ),
                        rule="banker-loses",
                    )
                ]
    return []


def side_problems(rules: Table, deal: DealState, event: SideBet) -> list[Violation]:
    """``side-self``, ``side-no-bet``, ``side-amount``, ``too-much``."""
    if event.bettor == event.target:
        return [
            Violation(
                "side-self",
                tr("A side bet is between two different players."),
                rule="side-bets",
            )
        ]
    for seat in (event.bettor, event.target):
        if seat == deal.limits.banker or not deal.pots[seat]:
            return [
                Violation(
                    "side-no-bet",
                    tr(
                        "{player} has no bet with the banker, so cannot make a side bet.",
                        player=rules.names[seat],
                    ),
                    rule="side-bets",
                )
            ]
    if event.amount < 1:
        return [Violation("side-amount", tr("A side bet is at least 1."), rule="side-bets")]
    return banking.too_much(
        event.amount,
        "side-bets",
        lambda amount, limit: tr(
            "A side bet of {amount} is more than any table plays: at most {limit}.",
            amount=amount,
            limit=limit,
        ),
    )
