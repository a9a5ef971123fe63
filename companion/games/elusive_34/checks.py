"""The Elusive 34's validation: every check of an entry, named by its violation code.

Called by :meth:`Elusive34.violations`; each function returns the problems with one event in
the current state (errors refuse it; irregularities, such as a revoke or a trade that broke the
rules, are recorded and flagged: the source gives no penalty, ruling E-18, though a house rule
may charge each revoke at the end of the hand). See
``docs/games/elusive_34.md`` for the list of codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.elusive_34 import play
from companion.games.elusive_34.events import (
    Deal,
    Elusive34State,
    FirstDealer,
    Goal,
    Hand,
    Left,
    Result,
    Table,
    Trade,
    Trick,
    Trump,
)
from companion.games.elusive_34.evidence import Duty, Failure, Proof, returns_enough
from companion.rules import rituals
from companion.rules.cards import Card
from companion.rules.core import Severity, Violation
from companion.rules.events import Event
from companion.rules.text import tr, tr_n
from companion.rules.tricks import (
    duplicate_problems,
    game_over,
    lead_and_size_problems,
    suit_one,
    wrong_dealer,
)

ENTRY_NOUNS = {
    "first-dealer": tr("The first dealer"),
    "goal": tr("The goal"),
    "deal": tr("A deal"),
    "trump": tr("A trump"),
    "trick": tr("A trick"),
    "trade": tr("A trade"),
    "left": tr("The cards left"),
    "result": tr("A result"),
}


def unexpected(rules: Table, state: Elusive34State, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return game_over()
    entry = ENTRY_NOUNS.get(event.kind) or tr("A {kind}", kind=event.kind)
    hand = state.hand
    if state.first_dealer is None:
        message = tr("{entry} cannot be recorded now: first find the first dealer.", entry=entry)
    elif state.goal is None:
        message = tr("{entry} cannot be recorded now: first choose the score goal.", entry=entry)
    elif hand is None:
        message = tr("{entry} cannot be recorded now: expecting the next deal.", entry=entry)
    elif hand.trade_due:
        message = tr(
            "{entry} cannot be recorded now: {player} lost the trick and trades first (or says "
            "No trade).",
            entry=entry,
            player=rules.names[hand.plays[-1].loser],
        )
    elif hand.ended:
        message = tr(
            "{entry} cannot be recorded now: play is over, record the cards left in each hand.",
            entry=entry,
        )
    elif event.kind == "result":
        message = tr(
            "This hand is being recorded card by card: carry on, or undo those entries to use "
            "quick entry."
        )
    elif rules.needs_trump(hand):
        message = tr(
            "{entry} cannot be recorded now: the Joker was turned up, so trump is named first.",
            entry=entry,
        )
    elif event.kind == "trick" and hand.faceup is None:
        return Violation(
            "faceup-unknown",
            tr(
                "The face-up card was not recorded with the deal, so tricks cannot be checked: "
                "use quick entry, or correct the deal."
            ),
            rule="ranks",
        )
    else:
        message = tr(
            "{entry} cannot be recorded now: expecting trick {number}.",
            entry=entry,
            number=len(hand.plays) + 1,
        )
    return Violation("out-of-order", message)


def not_in_pack(card: Card) -> Violation:
    return Violation(
        "not-in-pack",
        tr("{card} is not in the pack (52 cards and one Joker).", card=card),
        rule="cards",
    )


def first_dealer_problems(rules: Table, event: FirstDealer) -> list[Violation]:
    cards = event.cards
    if not cards:
        if event.start is not None:
            return [
                Violation(
                    "first-dealer-cards",
                    tr("Give the cards dealt face up, or leave out who received the first one."),
                    rule="setup",
                )
            ]
        return []
    if bad := [not_in_pack(c) for c in cards if c not in play.PACK]:
        return bad
    if len(set(cards)) != len(cards):
        return [Violation("card-twice", tr("A card appears twice here."), rule="cards")]
    middles = [i for i, c in enumerate(cards) if play.category(c) == "middle"]
    if not middles or middles[0] != len(cards) - 1:
        first = middles[0] if middles else None
        message = (
            tr("No Middle card (6 to 10) was dealt: keep dealing until one shows.")
            if first is None
            else tr(
                "{card} is a Middle card: dealing stops there, so the cards after it do not count.",
                card=cards[first],
            )
        )
        return [Violation("first-dealer-cards", message, rule="setup")]
    return rituals.first_dealer_problems(rules.names, cards, event.start, event.dealer, "setup")


def goal_cards_problems(rules: Table, event: Goal) -> list[Violation]:
    """The cards turned in the goal ritual, when listed: they stop once a Low and a Middle show
    (and, under ``goal_ten: redeal``, a 6 to 9 tops the Middle pile), and the ranks on top of
    the piles are the ones recorded."""
    cards = event.cards or ()
    if not cards:
        return []
    if bad := [not_in_pack(c) for c in cards if c not in play.PACK]:
        return bad
    if len(set(cards)) != len(cards):
        return [Violation("card-twice", tr("A card appears twice here."), rule="cards")]
    stop, low, middle = play.goal_piles(cards, rules.options.goal_ten == "redeal")
    if stop is None:
        message = (
            tr("A 10 is on top of the Middle pile: keep turning cards until a 6 to 9 shows.")
            if middle == 10 and low
            else tr("A Low and a Middle card must both show: keep turning cards.")
        )
        return [Violation("goal-cards", message, rule="setup")]
    if stop != len(cards) - 1:
        message = tr(
            "With {card} a Low and a Middle card show: the turning stops there, so the cards "
            "after it do not count.",
            card=cards[stop],
        )
        return [Violation("goal-cards", message, rule="setup")]
    if (event.low, event.middle) != (low, middle):
        message = tr(
            "These cards leave {low} on top of the Low pile and {middle} on top of the Middle "
            "pile: record those ranks.",
            low=low,
            middle=middle,
        )
        return [Violation("goal-piles", message, rule="setup")]
    return []


def goal_problems(rules: Table, event: Goal) -> list[Violation]:
    low, middle = event.low, event.middle
    if (low == 0) != (middle == 0):
        return [
            Violation(
                "goal-piles",
                tr("Give both the Low and the Middle rank, or neither."),
                rule="setup",
            )
        ]
    if low and not 2 <= low <= 5:
        return [
            Violation(
                "goal-piles",
                tr("{rank} is not a Low rank: Low cards are 2 to 5.", rank=low),
                rule="setup",
            )
        ]
    if middle and not 6 <= middle <= 10:
        return [
            Violation(
                "goal-piles",
                tr("{rank} is not a Middle rank: Middle cards are 6 to 10.", rank=middle),
                rule="setup",
            )
        ]
    if problems := goal_cards_problems(rules, event):
        return problems
    if middle == 10 and rules.options.goal_ten == "redeal":
        return [
            Violation(
                "goal-ten",
                tr(
                    "Under this table's rules a 10 does not settle the goal: keep turning "
                    "cards until a 6 to 9 is on top of the Middle pile."
                ),
                rule="setup",
            )
        ]
    if event.goal <= 0:
        return [
            Violation(
                "goal-positive",
                tr("The goal must be a positive number of points, not {goal}.", goal=event.goal),
                rule="setup",
            )
        ]
    if low and rules.options.strict_goal:
        base = rules.base_for(low, middle)
        if event.goal % base:
            return [
                Violation(
                    "goal-multiple",
                    tr(
                        "The goal must be a multiple of {base} ({base}, {double}, {triple}…), "
                        "not {goal}.",
                        base=base,
                        double=2 * base,
                        triple=3 * base,
                        goal=event.goal,
                    ),
                    rule="setup",
                )
            ]
    return []


def deal_problems(rules: Table, state: Elusive34State, deal: Deal) -> list[Violation]:
    problems = []
    expected = state.next_dealer if state.done else state.first_dealer
    if expected is not None and deal.dealer != expected:
        if state.done:
            problems.append(wrong_dealer(rules.names, expected, deal.dealer))
        else:
            message = tr(
                "{player} was found to deal first, not {other}.",
                player=rules.names[expected],
                other=rules.names[deal.dealer],
            )
            problems.append(Violation("wrong-dealer", message, rule="deal"))
    if deal.faceup is not None and deal.faceup not in play.PACK:
        problems.append(not_in_pack(deal.faceup))
    return problems


def trump_problems(
    rules: Table, state: Elusive34State, hand: Hand, event: Trump
) -> list[Violation]:
    if event.suit.upper() not in play.SUIT_CODES:
        return [
            Violation(
                "bad-trump",
                tr("The trump '{code}' is not a suit: use S, H, D or C.", code=event.suit),
                rule="joker-up",
            )
        ]
    may = rules.choosers(state, hand)
    if event.seat not in may:
        return [
            Violation(
                "wrong-chooser",
                tr(
                    "{player} names trump (the lowest score, first from the dealer's left), "
                    "not {other}.",
                    player=rules.names[may[0]],
                    other=rules.names[event.seat],
                ),
                rule="joker-up",
            )
        ]
    return []


def trick_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    names = rules.names
    seats = rules.order(hand)
    why = (
        tr("the player after the last trick's winner")
        if hand.plays and hand.leader != hand.plays[-1].record.winner
        else tr("won the last trick")
        if hand.plays
        else tr("left of the dealer")
    )
    if shape := lead_and_size_problems(
        names, hand.leader, trick.leader, len(trick.cards), seats, why
    ):
        if shape[0].code == "trick-size":
            return [size_problem(rules, hand, seats, len(trick.cards))]
        return shape
    problems = [not_in_pack(c) for c in trick.cards if c not in play.PACK]
    if hand.faceup in trick.cards:
        problems.append(
            Violation(
                "faceup-played",
                tr("{card} is the face-up card: it is out of play this hand.", card=hand.faceup),
                rule="deal",
            )
        )
    problems += duplicate_problems(trick.cards, hand.tricks)
    if problems:
        return problems
    return joker_problems(rules, hand, trick) or revokes(rules, hand, trick)


def size_problem(rules: Table, hand: Hand, seats: Sequence[int], given: int) -> Violation:
    names = rules.names
    counts = [(s, seats.count(s)) for s in dict.fromkeys(seats)]
    parts = [tr("{player} {n}", player=names[s], n=k) for s, k in counts]
    shown = parts[0]
    for part in parts[1:]:
        shown = tr("{items}, {item}", items=shown, item=part)
    return Violation(
        "trick-size",
        tr_n(
            "This trick needs {n} card ({counts}: round by round from {leader}); {given} were "
            "given.",
            "This trick needs {n} cards ({counts}: round by round from {leader}); {given} were "
            "given.",
            len(seats),
            counts=shown,
            leader=names[hand.leader],
            given=given,
        ),
        rule="play",
    )


def joker_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    has_joker = any(c.is_joker for c in trick.cards)
    if not has_joker:
        if trick.joker:
            return [
                Violation(
                    "joker-call",
                    tr("No Joker was played, so there is no win or lose to declare."),
                    rule="joker",
                )
            ]
        return []
    if trick.joker not in ("win", "lose"):
        return [
            Violation(
                "joker-call",
                tr("Say whether the Joker was played to win or to lose the trick."),
                rule="joker",
            )
        ]
    if trick.cards[0].is_joker and not rules.options.joker_lead and hand.held[hand.leader] > 1:
        return [
            Violation(
                "joker-lead",
                tr(
                    "{player} cannot lead the Joker: it is played only when unable to follow "
                    "suit, and may lead only as a last card.",
                    player=rules.names[hand.leader],
                ),
                rule="joker",
            )
        ]
    return []


def revokes(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    p = rules.read_trick(hand, trick)
    return proof_flags(rules, rules.evidence_after_trick(hand, p)[1])


def proof_flags(rules: Table, proofs: Sequence[Proof]) -> list[Violation]:
    """The flags for what an entry proves: a revoke (rule 12), or a card given back in a trade
    while the winner held one worth more (rule 18)."""
    return [
        revoke_flag(rules, proof) if isinstance(proof.claim, Failure) else kept_flag(rules, proof)
        for proof in proofs
    ]


def revoke_flag(rules: Table, proof: Proof) -> Violation:
    failure = proof.claim
    assert isinstance(failure, Failure)
    values = {
        "player": rules.names[failure.seat],
        "suit": suit_one(failure.suit),
        "card": proof.card,
        "played": failure.card,
    }
    if proof.how == "known":
        message = tr(
            "Revoke by {player}: {played} did not follow {suit} although {card} was in hand "
            "(known since the trade after trick {number}).",
            number=proof.at,
            **values,
        )
    elif proof.how == "trade":
        message = tr(
            "Revoke by {player}: {played} did not follow {suit} in trick {trick} although "
            "{card}, passed in this trade, was in hand.",
            trick=failure.trick,
            **values,
        )
    elif failure.trick == proof.at:
        message = tr(
            "Revoke by {player}: {played} did not follow {suit} in this trick although "
            "{card}, played later in it, was in hand.",
            **values,
        )
    else:
        message = tr(
            "Revoke by {player}: {played} did not follow {suit} in trick {trick} although "
            "{card} was still in hand (played in trick {number}).",
            trick=failure.trick,
            number=proof.at,
            **values,
        )
    if penalty := rules.options.revoke_penalty:
        message = tr(
            "{message} House rule: {points} points off {player} at the end of the hand.",
            message=message,
            points=penalty,
            player=rules.names[failure.seat],
        )
    return Violation("revoke", message, Severity.IRREGULARITY, "follow-suit")


def kept_flag(rules: Table, proof: Proof) -> Violation:
    duty = proof.claim
    assert isinstance(duty, Duty)
    values = {"player": rules.names[duty.seat], "given": duty.given, "card": proof.card}
    if proof.how == "known":
        message = tr(
            "{player} gave back {given} although they held {card} (known since the trade "
            "after trick {number}): the winner must return a card worth more when able.",
            number=proof.at,
            **values,
        )
    elif proof.how == "trade":
        message = tr(
            "{player} gave back {given} in the trade after trick {trick} although they held "
            "{card} (passed in this trade): the winner must return a card worth more when "
            "able.",
            trick=duty.trick,
            **values,
        )
    else:
        message = tr(
            "{player} gave back {given} in the trade after trick {trick} although they held "
            "{card} (played in trick {number}): the winner must return a card worth more when "
            "able.",
            trick=duty.trick,
            number=proof.at,
            **values,
        )
    return Violation("trade-kept-better", message, Severity.IRREGULARITY, "trade")


def trade_problems(rules: Table, hand: Hand, trade: Trade) -> list[Violation]:
    names = rules.names
    p = hand.plays[-1]
    loser, winner = names[p.loser], names[p.record.winner]
    if trade.declared not in play.DECLARED:
        return [
            Violation(
                "bad-declared",
                tr(
                    "Declare the card passed as low, middle or high, or say none (No trade), "
                    "not '{declared}'.",
                    declared=trade.declared,
                ),
                rule="trade",
            )
        ]
    if trade.declared == "none":
        if trade.given is not None or trade.returned is not None:
            return [
                Violation(
                    "no-trade-cards",
                    tr("No trade means no card changes hands: leave out the cards."),
                    rule="trade",
                )
            ]
        return []
    if hand.held[p.loser] == 0:
        return [
            Violation(
                "trade-no-card",
                tr("{player} has no card left to trade.", player=loser),
                rule="trade",
            )
        ]
    problems = []
    for card in (trade.given, trade.returned):
        if card is None:
            continue
        if card not in play.PACK:
            problems.append(not_in_pack(card))
        elif card in hand.gone or card == hand.faceup:
            problems.append(
                Violation(
                    "trade-card-gone",
                    tr("{card} is not in anyone's hand: it was played or is face up.", card=card),
                    rule="trade",
                )
            )
    if problems:
        return problems
    given, back = trade.given, trade.returned
    if hand.held[p.record.winner] == 0 and given is not None and back is not None and back != given:
        return [
            Violation(
                "trade-winner-empty",
                tr(
                    "{player} has no card of their own, so can only give back {card}.",
                    player=winner,
                    card=given,
                ),
                rule="trade",
            )
        ]
    flags = []
    if given is not None:
        truth = "low" if given.is_joker else play.category(given)
        if truth != trade.declared:
            flags.append(
                Violation(
                    "trade-declared-wrong",
                    tr(
                        "{player} passed {card} but declared it {declared}: it is {truth}.",
                        player=loser,
                        card=given,
                        declared=play.category_word(trade.declared),
                        truth=play.category_word(truth),
                    ),
                    Severity.IRREGULARITY,
                    "trade",
                )
            )
    if (
        given is not None
        and back is not None
        and back != given
        and not returns_enough(given, back, rules.options.joker_trade)
    ):
        message = (
            tr(
                "{player} gave back {back} for the Joker: under this table's rules it must be "
                "a Low card.",
                player=winner,
                back=back,
            )
            if given.is_joker
            else tr(
                "{player} gave back {back} for {card}: the card returned must be worth more "
                "(a higher High card for a High).",
                player=winner,
                back=back,
                card=given,
            )
        )
        flags.append(Violation("trade-return-low", message, Severity.IRREGULARITY, "trade"))
    return flags + proof_flags(rules, rules.evidence_after_trade(hand, trade)[1])


def left_problems(
    rules: Table, hand: Hand, event: Left | Result, collected: Sequence[int] | None
) -> list[Violation]:
    names, n = rules.names, rules.n_seats
    problems = []
    counts: list[Sequence[int]] = [event.high, event.middle, event.low]
    if collected is not None:
        counts.append(collected)
    if isinstance(event, Result) and event.revokes is not None:
        counts.append(event.revokes)
    for values in counts:
        for seat, k in enumerate(values):
            if k < 0:
                problems.append(
                    Violation(
                        "negative-count",
                        tr("{player}'s count cannot be negative ({n}).", player=names[seat], n=k),
                        rule="scoring",
                    )
                )
    if problems:
        return problems
    joker = event.joker
    if joker is not None and hand.faceup is not None and hand.faceup.is_joker:
        return [
            Violation(
                "joker-faceup",
                tr(
                    "The Joker was turned face up, so {player} cannot hold it.", player=names[joker]
                ),
                rule="values",
            )
        ]
    if joker is not None and any(c.is_joker for c in hand.gone):
        return [
            Violation(
                "joker-played",
                tr(
                    "The Joker was played in a trick, so {player} cannot hold it.",
                    player=names[joker],
                ),
                rule="values",
            )
        ]
    left = [
        event.high[s] + event.middle[s] + event.low[s] + (1 if joker == s else 0) for s in range(n)
    ]
    if collected is None:
        for seat in range(n):
            if left[seat] != hand.held[seat]:
                problems.append(
                    Violation(
                        "left-count",
                        tr_n(
                            "{player} holds {held} cards after the tricks recorded, not {n} card.",
                            "{player} holds {held} cards after the tricks recorded, not {n} cards.",
                            left[seat],
                            player=names[seat],
                            held=hand.held[seat],
                        ),
                        rule="scoring",
                    )
                )
    else:
        dealt = n * rules.deal_size
        total = sum(collected) + sum(left)
        for seat in range(n):
            if left[seat] > rules.deal_size:
                problems.append(
                    Violation(
                        "left-count",
                        tr(
                            "{player} cannot have {n} cards left: {size} were dealt.",
                            player=names[seat],
                            n=left[seat],
                            size=rules.deal_size,
                        ),
                        rule="scoring",
                    )
                )
        if not problems and total != dealt:
            problems.append(
                Violation(
                    "cards-total",
                    tr(
                        "Cards collected and cards left make {total}, but {dealt} were dealt "
                        "({n} players × {size}).",
                        total=total,
                        dealt=dealt,
                        n=n,
                        size=rules.deal_size,
                    ),
                    rule="scoring",
                )
            )
    if problems:
        return problems
    return pack_problems(rules, hand, event)


def pack_problems(rules: Table, hand: Hand, event: Left | Result) -> list[Violation]:
    """No more cards of a category left in hands than the pack holds outside the tricks and the
    face-up card; with four players every card is dealt, so the counts must be exact."""
    seen = list(hand.gone) + ([hand.faceup] if hand.faceup is not None else [])
    problems = []
    for name, values in (("high", event.high), ("middle", event.middle), ("low", event.low)):
        free = play.IN_PACK[name] - sum(1 for c in seen if play.category(c) == name)
        have = sum(values)
        if have > free:
            problems.append(
                Violation(
                    "category-count",
                    tr_n(
                        "{n} {category} card left in hands, but only {free} are not on the "
                        "table or face up.",
                        "{n} {category} cards left in hands, but only {free} are not on the "
                        "table or face up.",
                        have,
                        category=play.category_word(name),
                        free=free,
                    ),
                    rule="values",
                )
            )
    return problems
