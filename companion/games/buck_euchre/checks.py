"""Buck Euchre's validation: every check of an entry, named by its violation code.

Called by :meth:`BuckEuchre.violations`; each function returns the problems with one event in
the current state (errors refuse it; irregularities such as revokes are recorded and flagged).
See ``docs/games/buck_euchre.md`` for the list of codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.buck_euchre import play
from companion.games.buck_euchre.events import (
    Bid,
    BuckEuchreState,
    Deal,
    Hand,
    Result,
    Table,
    Trick,
)
from companion.games.buck_euchre.play import SEATS, TRICKS
from companion.rules.cards import Card
from companion.rules.core import Severity, Violation
from companion.rules.events import Event
from companion.rules.text import tr, tr_n
from companion.rules.tricks import (
    Failure,
    TrickRecord,
    counted_step,
    duplicate_problems,
    follow_step,
    game_over,
    lead_and_size_problems,
    name_list,
    revoke_text,
    wrong_dealer,
)

#: An entry's kind, for "A bid cannot be recorded now".
ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "bid": tr("A bid"),
    "drops": tr("A drops"),
    "result": tr("A result"),
    "trick": tr("A trick"),
}


def unexpected(rules: Table, state: BuckEuchreState, event: Event) -> Violation:
    hand, kind = state.hand, event.kind
    if rules.outcome(state) is not None:
        return game_over()
    entry = ENTRY_NOUNS.get(kind) or tr("A {kind}", kind=kind)
    if hand is None:
        return Violation(
            "out-of-order",
            tr("{entry} cannot be recorded now: expecting the next deal.", entry=entry),
        )
    phase = rules.phase(hand)
    if kind == "bid" and hand.how == "clubs":
        return Violation(
            "no-bidding",
            tr("A club was turned up, so clubs are trump: there is no bidding this hand."),
            rule="dirty-clubs",
        )
    if kind == "bid" and hand.upcard is None:
        return Violation(
            "upcard-unknown",
            tr(
                "The upcard was not recorded with the deal, so the bidding cannot be checked: "
                "use quick entry, or undo the deal and record the upcard."
            ),
            rule="bidding",
        )
    if kind == "drops" and hand.fixed and hand.declarer is None:
        return no_drops(hand.how)
    if kind == "result":
        return Violation(
            "out-of-order",
            tr(
                "This hand is being recorded card by card: carry on, or undo those entries to "
                "use quick entry."
            ),
        )
    if phase == "bidding":
        message = tr(
            "{entry} cannot be recorded now: expecting {player}'s bid.",
            entry=entry,
            player=rules.names[rules.bidder(hand)],
        )
    elif phase == "drops":
        message = tr("{entry} cannot be recorded now: expecting who drops out.", entry=entry)
    else:
        message = tr(
            "{entry} cannot be recorded now: expecting trick {number}.",
            entry=entry,
            number=len(hand.tricks) + 1,
        )
    return Violation("out-of-order", message)


def deal_problems(rules: Table, state: BuckEuchreState, deal: Deal) -> list[Violation]:
    problems = []
    expected = state.next_dealer
    if expected is not None and deal.dealer != expected:
        problems.append(wrong_dealer(rules.names, expected, deal.dealer))
    if deal.upcard is not None and deal.upcard not in play.DECK:
        problems.append(not_in_deck(deal.upcard))
    return problems


def bid_problems(rules: Table, hand: Hand, bid: Bid) -> list[Violation]:
    names, up = rules.names, hand.upcard
    assert up is not None and up.suit is not None
    seat = rules.bidder(hand)
    if bid.seat != seat:
        return [
            Violation(
                "out-of-turn",
                tr(
                    "It is {player}'s turn to bid (clockwise from the dealer's left), "
                    "not {other}'s.",
                    player=names[seat],
                    other=names[bid.seat],
                ),
                rule="bidding",
            )
        ]
    who = names[seat]
    if len(hand.calls) < SEATS:
        if bid.call in ("pass", "order-up"):
            return []
        if seat == hand.dealer:
            message = tr(
                "In the first round {player} can only take it up ({card}) or pass.",
                player=who,
                card=up,
            )
        else:
            message = tr(
                "In the first round {player} can only order it up ({card}) or pass.",
                player=who,
                card=up,
            )
        return [Violation("bad-call", message, rule="bidding")]
    suit = play.SUIT_CODES.get(bid.call.upper())
    if bid.call == "pass" or (suit is not None and suit != up.suit):
        return []
    if suit == up.suit:
        return [
            Violation(
                "named-upcard-suit",
                tr(
                    "{card} was turned down, so {player} cannot name {suit}: "
                    "round 2 names another suit.",
                    card=up,
                    player=who,
                    suit=play.suit_label(suit),
                ),
                rule="bidding",
            )
        ]
    return [
        Violation(
            "bad-call",
            tr(
                "In the second round {player} can only name a suit other than {suit} "
                "(S, H, D or C) or pass.",
                player=who,
                suit=play.suit_label(up.suit),
            ),
            rule="bidding",
        )
    ]


def drop_problems(rules: Table, dropped: Sequence[int], declarer: int | None) -> list[Violation]:
    names = rules.names
    problems = []
    if len(set(dropped)) != len(dropped):
        twice = sorted({names[s] for s in dropped if list(dropped).count(s) > 1})
        problems.append(
            Violation(
                "bad-drops", tr("{players} is listed twice as dropped.", players=name_list(twice))
            )
        )
    if declarer is not None and declarer in dropped:
        problems.append(
            Violation(
                "declarer-drop",
                tr(
                    "{player} chose trump and must play the hand: the declarer cannot drop out.",
                    player=names[declarer],
                ),
                rule="dropping",
            )
        )
    return problems


def result_problems(rules: Table, hand: Hand, result: Result) -> list[Violation]:
    names = rules.names
    trump, problems = play.parse_trump(result.trump)
    if problems:
        return problems
    declarer = None if result.declarer is None else names[result.declarer]
    how, problems = play.derive_how(hand.upcard, trump, declarer, result.how)
    if problems:
        return problems
    if result.dropped and how in ("clubs", "none"):
        return [no_drops(how)]
    problems = drop_problems(rules, result.dropped, result.declarer)
    for seat, count in enumerate(result.tricks):
        if not 0 <= count <= TRICKS:
            problems.append(
                Violation(
                    "tricks-range",
                    tr_n(
                        "{player} cannot take {n} trick: a hand has 5.",
                        "{player} cannot take {n} tricks: a hand has 5.",
                        count,
                        player=names[seat],
                    ),
                    rule="scoring",
                )
            )
    if problems:
        return problems
    for seat in sorted(set(result.dropped)):
        if result.tricks[seat]:
            problems.append(
                Violation(
                    "dropped-tricks",
                    tr_n(
                        "{player} dropped out and plays no card, so cannot take {n} trick.",
                        "{player} dropped out and plays no card, so cannot take {n} tricks.",
                        result.tricks[seat],
                        player=names[seat],
                    ),
                    rule="dropping",
                )
            )
    total = sum(t for s, t in enumerate(result.tricks) if s not in result.dropped)
    if not problems and total != TRICKS:
        problems.append(
            Violation(
                "tricks-total",
                tr_n(
                    "The players still in took {n} trick in all, but a hand has exactly 5.",
                    "The players still in took {n} tricks in all, but a hand has exactly 5.",
                    total,
                ),
                rule="scoring",
            )
        )
    return problems


def trick_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    names = rules.names
    leader = rules.leader(hand)
    why = (
        tr("won the last trick") if hand.tricks else tr("first player still in, left of the dealer")
    )
    seats = rules.order(hand, leader)
    out = [names[s] for s in sorted(hand.dropped)]
    absent = tr("{players} dropped out", players=name_list(out)) if out else ""
    if shape := lead_and_size_problems(
        names, leader, trick.leader, len(trick.cards), seats, why, absent
    ):
        return shape
    problems = [not_in_deck(c) for c in trick.cards if c not in play.DECK]
    problems += upcard_problems(rules, hand, trick.cards, seats)
    problems += duplicate_problems(trick.cards, hand.tricks)
    if problems:
        return problems
    record = rules.record(hand, trick.cards)
    _, proven = follow(rules, hand, record)
    return [
        play.revoke_violation(names, failure, card, record.number, hand.trump)
        if card is not None and card != hand.upcard
        else Violation(
            "revoke",
            revoke_text(failure, card, record.number, names, [c for c in (hand.upcard,) if c]),
            Severity.IRREGULARITY,
            "follow-suit",
        )
        for failure, card in proven
    ]


def follow(
    rules: Table, hand: Hand, record: TrickRecord
) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card | None]]]:
    """The failures to follow still unproven after ``record``, and those it proves: by a later
    card of the effective suit (follow_step), by the upcard the dealer took up, in their hand
    until they play it (ruling 8), or by the count of the cards still unseen (counted_step)."""
    suit_of = play.suit_of_for(hand.trump)
    still, proven = follow_step(hand.unproven, record, SEATS, suit_of)
    tricks = (*hand.tricks, record)
    played = {c for t in tricks for c in t.cards}
    known = {}
    up = hand.upcard
    if up is not None and rules.picked_up(hand) and up not in played:
        known[hand.dealer] = up
    unseen = play.DECK - played - ({up} if up is not None else set())
    left = TRICKS - record.number
    still, counted = counted_step(
        still, unseen, lambda seat: left - (1 if seat in known else 0), known, suit_of
    )
    return still, [*proven, *counted]


def upcard_problems(
    rules: Table, hand: Hand, cards: Sequence[Card], seats: Sequence[int]
) -> list[Violation]:
    up = hand.upcard
    if up is None or up not in cards:
        return []
    names, dealer = rules.names, hand.dealer
    seat = seats[list(cards).index(up)]
    if not rules.picked_up(hand):
        if hand.how in ("named", "none"):
            message = tr(
                "{card} was turned down by the dealer, so it is out of play this hand.", card=up
            )
        else:
            message = tr(
                "{card} stays on the pack (the dealer does not take up a turned club), so it is "
                "out of play this hand.",
                card=up,
            )
        return [Violation("upcard-out-of-play", message, rule="deal")]
    if dealer in hand.dropped:
        return [
            Violation(
                "upcard-out-of-play",
                tr(
                    "{card} went into {player}'s hand and {player} dropped out, so it is out "
                    "of play.",
                    card=up,
                    player=names[dealer],
                ),
                rule="dropping",
            )
        ]
    if seat != dealer:
        return [
            Violation(
                "upcard-not-dealer",
                tr(
                    "{card} was taken up by the dealer, {dealer}, so {player} cannot have "
                    "played it.",
                    card=up,
                    dealer=names[dealer],
                    player=names[seat],
                ),
                rule="bidding",
            )
        ]
    return []


def no_drops(how: str) -> Violation:
    if how == "clubs":
        return Violation(
            "no-drops",
            tr("Nobody may drop out when a club is turned up: everyone plays the hand."),
            rule="dirty-clubs",
        )
    return Violation(
        "no-drops",
        tr("Nobody may drop out of a no-trump hand: everyone plays and needs a trick."),
        rule="no-trump",
    )


def not_in_deck(card: Card) -> Violation:
    return Violation(
        "not-in-deck",
        tr("{card} is not in the Buck Euchre pack (A K Q J 10 9 of each suit).", card=card),
        rule="cards",
    )
