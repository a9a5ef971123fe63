"""Big Three's validation: every check of an entry, named by its violation code (all errors).
``docs/games/big_three.md`` lists the codes."""

from __future__ import annotations

from companion.games.big_three import play, text
from companion.games.big_three.events import (
    Bid,
    BigThreeState,
    Deal,
    Dig,
    Hand,
    Pass,
    Play,
    Result,
    Table,
)
from companion.rules.cards import Card, Suit
from companion.rules.core import Violation
from companion.rules.errors import Severity
from companion.rules.events import Event
from companion.rules.text import Text, tr
from companion.rules.turns import count_problem, turn_problem

ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "bid": tr("A bid"),
    "result": tr("A result"),
    "dig": tr("A forced dig"),
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
    elif event.kind == "dig" and not rules.options.forced_dig:
        message = tr(
            "This table does not play the forced dig: turn the option on first (ruling 5.3.4)."
        )
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


def result_problems(rules: Table, hand: Hand, result: Result) -> list[Violation]:
    if not 1 <= result.bid <= 3:
        return [
            Violation(
                "bad-bid",
                tr("The winning bid is 1, 2 or 3 units, not {bid}.", bid=result.bid),
                rule="bidding",
            )
        ]
    return _quick_extras(rules, hand, result)


def _off(option: Text, rule: str) -> list[Violation]:
    message = tr("{option} is not played at this table: turn the option on first.", option=option)
    return [Violation("option-off", message, rule=rule)]


def _quick_extras(rules: Table, hand: Hand, result: Result) -> list[Violation]:
    """A quick entry's forced dig, quads and spring: each needs its option, and must fit."""
    options, names = rules.options, rules.names
    if result.forced and not options.forced_dig:
        return _off(tr("The forced dig"), "forced-dig")
    if result.forced and result.bid != 3:
        message = tr(
            "A forced dig is played at 3, not {bid}: {player} dug by force.",
            bid=result.bid,
            player=names[result.solo],
        )
        return [Violation("forced-dig-at-3", message, rule="forced-dig")]
    if result.bombs and not options.bomb_doubles:
        return _off(tr("Doubling for quads"), "doubling")
    if not 0 <= result.bombs <= play.MAX_QUADS:
        message = tr(
            "A hand has 0 to {most} fours of a kind (one per rank), not {n}.",
            most=play.MAX_QUADS,
            n=result.bombs,
        )
        return [Violation("bad-bombs", message, rule="doubling")]
    if result.spring and not options.spring:
        return _off(tr("The spring"), "doubling")
    if result.spring and (result.first_out == result.solo) != (result.solo == hand.opener):
        # The opener leads, and nobody passes on a lead: the opener's side always played.
        side = (
            tr("{player}, the solo player,", player=names[result.solo])
            if result.solo == hand.opener
            else tr("{player}, an opponent,", player=names[hand.opener])
        )
        message = tr(
            "No spring: {side} opened the bidding and led the first combination, so the "
            "losing side played a card.",
            side=side,
        )
        return [Violation("no-spring", message, rule="doubling")]
    return []


def dig_problems(rules: Table, hand: Hand, dig: Dig) -> list[Violation]:
    """A forced dig shows three or four 3s, or two 3s and two 2s, all different cards."""
    names, cards = rules.names, dig.cards
    if len(set(cards)) != len(cards):
        message = tr("{cards}: each card is shown once.", cards=cards)
        return [Violation("card-twice", message, rule="cards")]
    threes, twos = play.threes_twos(cards)
    if threes + twos != len(cards) or not play.forces_dig(threes, twos):
        message = tr(
            "{cards} is no forced dig: {player} shows three or four 3s, or two 3s and two 2s.",
            cards=cards,
            player=names[dig.seat],
        )
        return [Violation("not-a-forced-dig", message, rule="forced-dig")]
    if hand.heart is not None and hand.heart in cards and dig.seat != hand.opener:
        return [_not_theirs(rules, hand.heart, hand.opener, dig.seat)]
    return []


def _not_theirs(rules: Table, card: Card, owner: int, seat: int) -> Violation:
    names = rules.names
    return Violation(
        "heart-not-opener",
        tr(
            "{card} is {player}'s: it made them open the bidding, so {other} cannot "
            "have played it.",
            card=card,
            player=names[owner],
            other=names[seat],
        ),
        rule="bidding",
    )


def play_problems(rules: Table, hand: Hand, event: Play) -> list[Violation]:
    if problems := turn_problem(rules.names, hand.turn, event.seat, step=rules.step):
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
        return [_not_theirs(rules, hand.heart, hand.opener, event.seat)]
    shown = [c for c in cards if c in hand.dug]
    if shown and event.seat != hand.solo:
        assert hand.solo is not None
        message = tr(
            "{card} is {player}'s: they showed it for the forced dig, so {other} cannot have "
            "played it.",
            card=shown[0],
            player=names[hand.solo],
            other=who,
        )
        return [Violation("dig-card-not-theirs", message, rule="forced-dig")]
    if problems := count_problem(rules.names, hand.counts, event.seat, len(cards)):
        return problems
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
        return _missed_dig(rules, hand, event)
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


def _missed_dig(rules: Table, hand: Hand, event: Play) -> list[Violation]:
    """Flag (the play is recorded) an opponent whose plays show they were dealt a forced dig
    that nobody recorded: their 16 cards came from the deal alone, unlike the solo's widow."""
    seat = event.seat
    if not rules.options.forced_dig or hand.forced or seat == hand.solo:
        return []
    before = hand.high_played[seat]
    after = play.threes_twos(event.cards, before)
    if play.forces_dig(*before) or not play.forces_dig(*after):
        return []
    shown = (
        tr("{n} threes", n=after[0]) if after[0] >= 3 else tr("2 threes and {n} twos", n=after[1])
    )
    message = tr(
        "{player} has now played {cards}, all dealt to them: with the forced dig they had to "
        "play solo at 3. The hand goes on; the table decides.",
        player=rules.names[seat],
        cards=shown,
    )
    return [Violation("missed-dig", message, Severity.IRREGULARITY, "forced-dig")]


def pass_problems(rules: Table, hand: Hand, event: Pass) -> list[Violation]:
    if problems := turn_problem(rules.names, hand.turn, event.seat, step=rules.step):
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
