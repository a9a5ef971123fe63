"""Big Three's validation: every check of an entry, named by its violation code (all errors).
``docs/games/big_three.md`` lists the codes."""

from __future__ import annotations

from companion.games.big_three import play, text
from companion.games.big_three.events import (
    Bid,
    BigThreeState,
    Deal,
    Hand,
    Pass,
    Play,
    Result,
    Table,
)
from companion.rules.cards import Card, Suit
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.text import tr, tr_n

ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "bid": tr("A bid"),
    "result": tr("A result"),
    "play": tr("A play"),
    "pass": tr("A pass"),
}


def unexpected(rules: Table, state: BigThreeState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return Violation("game-over", tr("The session is over: nothing more can be recorded."))
    entry = ENTRY_NOUNS.get(event.kind) or tr("A {kind}", kind=event.kind)
    hand = state.hand
    if hand is None:
        message = tr("{entry} cannot be recorded now: expecting the next deal.", entry=entry)
    elif event.kind == "result":
        message = tr(
            "This hand is being recorded call by call: carry on, or undo those entries to use "
            "quick entry."
        )
    elif hand.solo is None:
        message = tr("{entry} cannot be recorded now: the bidding is not over.", entry=entry)
    else:
        message = tr("{entry} cannot be recorded now: the hand is being played.", entry=entry)
    return Violation("out-of-order", message)


def deal_problems(rules: Table, state: BigThreeState, deal: Deal) -> list[Violation]:
    problems: list[Violation] = []
    names = rules.names
    expected = state.next_dealer
    if expected is not None and deal.dealer != expected:
        problems.append(
            Violation(
                "wrong-dealer",
                tr(
                    "It is {player}'s deal, not {other}'s.",
                    player=names[expected],
                    other=names[deal.dealer],
                ),
                rule="deal",
            )
        )
    heart = deal.heart
    if heart is not None and (heart.is_joker or heart.suit is not Suit.HEARTS):
        problems.append(
            Violation(
                "not-a-heart",
                tr(
                    "{card} is not a heart: the bidding is opened by the holder of 4♥, or of "
                    "the lowest heart.",
                    card=heart,
                ),
                rule="bidding",
            )
        )
    return problems


def bid_problems(rules: Table, hand: Hand, bid: Bid) -> list[Violation]:
    names = rules.names
    seat = rules.bidder(hand)
    assert seat is not None
    if bid.seat != seat:
        return [
            Violation(
                "out-of-turn",
                tr(
                    "It is {player}'s call, not {other}'s.",
                    player=names[seat],
                    other=names[bid.seat],
                ),
                rule="bidding",
            )
        ]
    if not 0 <= bid.bid <= 3:
        return [
            Violation(
                "bad-bid",
                tr("A bid is 1, 2 or 3 units, or a pass (0), not {bid}.", bid=bid.bid),
                rule="bidding",
            )
        ]
    if not hand.calls and bid.bid == 0:
        return [
            Violation(
                "opener-must-bid",
                tr("{player} opens the bidding and must bid at least 1.", player=names[seat]),
                rule="bidding",
            )
        ]
    high = rules.high_bid(hand)
    if bid.bid and bid.bid <= high:
        return [
            Violation(
                "bid-too-low",
                tr(
                    "The bid is already {high}: {player} must bid more, or pass.",
                    high=high,
                    player=names[seat],
                ),
                rule="bidding",
            )
        ]
    return []


def result_problems(rules: Table, result: Result) -> list[Violation]:
    if not 1 <= result.bid <= 3:
        return [
            Violation(
                "bad-bid",
                tr("The winning bid is 1, 2 or 3 units, not {bid}.", bid=result.bid),
                rule="bidding",
            )
        ]
    return []


def _turn(rules: Table, hand: Hand, seat: int) -> list[Violation]:
    if seat == hand.turn:
        return []
    return [
        Violation(
            "out-of-turn",
            tr(
                "It is {player}'s turn, not {other}'s.",
                player=rules.names[hand.turn],
                other=rules.names[seat],
            ),
            rule="play",
        )
    ]


def play_problems(rules: Table, hand: Hand, event: Play) -> list[Violation]:
    if problems := _turn(rules, hand, event.seat):
        return problems
    names, cards, who = rules.names, event.cards, rules.names[event.seat]
    if not cards:
        return [Violation("no-cards", tr("Choose the cards {player} played.", player=who))]
    seen: set[Card] = set()
    for card in cards:
        if card not in play.DECK:
            return [
                Violation(
                    "not-in-deck",
                    tr("{card} is not in the pack: Big Three has no jokers.", card=card),
                    rule="cards",
                )
            ]
        if card in hand.played or card in seen:
            return [
                Violation(
                    "card-twice",
                    tr("{card} has already been played this hand.", card=card),
                    rule="cards",
                )
            ]
        seen.add(card)
    if hand.heart is not None and hand.heart in cards and event.seat != hand.opener:
        return [
            Violation(
                "heart-not-opener",
                tr(
                    "{card} is {player}'s: it made them open the bidding, so {other} cannot "
                    "have played it.",
                    card=hand.heart,
                    player=names[hand.opener],
                    other=who,
                ),
                rule="bidding",
            )
        ]
    held = hand.counts[event.seat]
    if len(cards) > held:
        return [
            Violation(
                "too-many-cards",
                tr_n(
                    "{player} has only {n} card left, not {played}.",
                    "{player} has only {n} cards left, not {played}.",
                    held,
                    player=who,
                    played=len(cards),
                ),
                rule="play",
            )
        ]
    combo = play.classify(cards)
    if combo is None:
        return [
            Violation(
                "not-a-combination",
                text.why_not_text(play.why_not(cards), cards),
                rule="combinations",
            )
        ]
    current = hand.current
    if current is None or play.beats(combo, current, bombs=rules.options.bombs):
        return []
    if combo.kind != current.kind or combo.cards != current.cards:
        message = tr(
            "{combo} does not answer {current}: play the same kind of combination, as many "
            "cards, and higher, or pass.",
            combo=text.combo_text(combo),
            current=text.combo_text(current),
        )
        return [Violation("must-match", message, rule="beating")]
    message = tr(
        "{combo} does not beat {current}: its top card must rank higher (3 2 A K … 4).",
        combo=text.combo_text(combo),
        current=text.combo_text(current),
    )
    return [Violation("must-beat", message, rule="beating")]


def pass_problems(rules: Table, hand: Hand, event: Pass) -> list[Violation]:
    if problems := _turn(rules, hand, event.seat):
        return problems
    if hand.current is None:
        return [
            Violation(
                "must-lead",
                tr(
                    "{player} has the lead and plays any combination: nobody passes on a "
                    "free lead.",
                    player=rules.names[event.seat],
                ),
                rule="free-lead",
            )
        ]
    return []
