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
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.tricks import duplicate_problems, follow_step, lead_and_size_problems


def unexpected(rules: Table, state: BuckEuchreState, event: Event) -> Violation:
    hand, kind = state.hand, event.kind
    if rules.outcome(state) is not None:
        return Violation("game-over", "The game is over: nothing more can be recorded.")
    if hand is None:
        return Violation(
            "out-of-order", f"A {kind} cannot be recorded now: expecting the next deal."
        )
    phase = rules.phase(hand)
    if kind == "bid" and hand.how == "clubs":
        return Violation(
            "no-bidding",
            "A club was turned up, so clubs are trump: there is no bidding this hand.",
            rule="dirty-clubs",
        )
    if kind == "bid" and hand.upcard is None:
        return Violation(
            "upcard-unknown",
            "The upcard was not recorded with the deal, so the bidding cannot be checked: "
            "use quick entry, or undo the deal and record the upcard.",
            rule="bidding",
        )
    if kind == "drops" and hand.fixed and hand.declarer is None:
        return no_drops(hand.how)
    if kind == "result":
        return Violation(
            "out-of-order",
            "This hand is being recorded card by card: carry on, or undo those entries to "
            "use quick entry.",
        )
    what = {
        "bidding": f"{rules.names[rules.bidder(hand)]}'s bid",
        "drops": "who drops out",
        "play": f"trick {len(hand.tricks) + 1}",
    }[phase]
    return Violation("out-of-order", f"A {kind} cannot be recorded now: expecting {what}.")


def deal_problems(rules: Table, state: BuckEuchreState, deal: Deal) -> list[Violation]:
    problems = []
    expected = state.next_dealer
    if expected is not None and deal.dealer != expected:
        problems.append(
            Violation(
                "wrong-dealer",
                f"It is {rules.names[expected]}'s deal (the deal passes to the left), "
                f"not {rules.names[deal.dealer]}'s.",
                rule="deal",
            )
        )
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
                f"It is {names[seat]}'s turn to bid (clockwise from the dealer's left), "
                f"not {names[bid.seat]}'s.",
                rule="bidding",
            )
        ]
    who = names[seat]
    if len(hand.calls) < SEATS:
        if bid.call in ("pass", "order-up"):
            return []
        verb = "take it up" if seat == hand.dealer else "order it up"
        return [
            Violation(
                "bad-call",
                f"In the first round {who} can only {verb} ({up.label}) or pass.",
                rule="bidding",
            )
        ]
    suit = play.SUIT_CODES.get(bid.call.upper())
    if bid.call == "pass" or (suit is not None and suit != up.suit):
        return []
    if suit == up.suit:
        return [
            Violation(
                "named-upcard-suit",
                f"{up.label} was turned down, so {who} cannot name {play.suit_label(suit)}: "
                "round 2 names another suit.",
                rule="bidding",
            )
        ]
    return [
        Violation(
            "bad-call",
            f"In the second round {who} can only name a suit other than "
            f"{play.suit_label(up.suit)} (S, H, D or C) or pass.",
            rule="bidding",
        )
    ]


def drop_problems(rules: Table, dropped: Sequence[int], declarer: int | None) -> list[Violation]:
    names = rules.names
    problems = []
    if len(set(dropped)) != len(dropped):
        twice = sorted({names[s] for s in dropped if list(dropped).count(s) > 1})
        problems.append(Violation("bad-drops", f"{', '.join(twice)} is listed twice as dropped."))
    if declarer is not None and declarer in dropped:
        problems.append(
            Violation(
                "declarer-drop",
                f"{names[declarer]} chose trump and must play the hand: the declarer "
                "cannot drop out.",
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
                    f"{names[seat]} cannot take {count} tricks: a hand has 5.",
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
                    f"{names[seat]} dropped out and plays no card, so cannot take "
                    f"{result.tricks[seat]} trick{'s' if result.tricks[seat] > 1 else ''}.",
                    rule="dropping",
                )
            )
    total = sum(t for s, t in enumerate(result.tricks) if s not in result.dropped)
    if not problems and total != TRICKS:
        problems.append(
            Violation(
                "tricks-total",
                f"The players still in took {total} trick{'' if total == 1 else 's'} in all, "
                "but a hand has exactly 5.",
                rule="scoring",
            )
        )
    return problems


def trick_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    names = rules.names
    leader = rules.leader(hand)
    why = "won the last trick" if hand.tricks else "first player still in, left of the dealer"
    seats = rules.order(hand, leader)
    out = ", ".join(names[s] for s in sorted(hand.dropped))
    absent = f"{out} dropped out" if out else ""
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
    _, proven = follow_step(hand.unproven, record, SEATS, play.suit_of_for(hand.trump))
    return [
        play.revoke_violation(names, failure, card, record.number, hand.trump)
        for failure, card in proven
    ]


def upcard_problems(
    rules: Table, hand: Hand, cards: Sequence[Card], seats: Sequence[int]
) -> list[Violation]:
    up = hand.upcard
    if up is None or up not in cards:
        return []
    names, dealer = rules.names, hand.dealer
    seat = seats[list(cards).index(up)]
    if not rules.picked_up(hand):
        why = (
            "was turned down by the dealer"
            if hand.how in ("named", "none")
            else "stays on the pack (the dealer does not take up a turned club)"
        )
        return [
            Violation(
                "upcard-out-of-play",
                f"{up.label} {why}, so it is out of play this hand.",
                rule="deal",
            )
        ]
    if dealer in hand.dropped:
        return [
            Violation(
                "upcard-out-of-play",
                f"{up.label} went into {names[dealer]}'s hand and {names[dealer]} dropped "
                "out, so it is out of play.",
                rule="dropping",
            )
        ]
    if seat != dealer:
        return [
            Violation(
                "upcard-not-dealer",
                f"{up.label} was taken up by the dealer, {names[dealer]}, so "
                f"{names[seat]} cannot have played it.",
                rule="bidding",
            )
        ]
    return []


def no_drops(how: str) -> Violation:
    if how == "clubs":
        return Violation(
            "no-drops",
            "Nobody may drop out when a club is turned up: everyone plays the hand.",
            rule="dirty-clubs",
        )
    return Violation(
        "no-drops",
        "Nobody may drop out of a no-trump hand: everyone plays and needs a trick.",
        rule="no-trump",
    )


def not_in_deck(card: Card) -> Violation:
    return Violation(
        "not-in-deck",
        f"{card.label} is not in the Buck Euchre pack (A K Q J 10 9 of each suit).",
        rule="cards",
    )
