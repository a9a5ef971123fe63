"""Ui77's validation: every check of an entry, named by its violation code.

Called by :meth:`Ui77.violations`; each function returns the problems with one event in the
current state (errors refuse it; irregularities such as revokes are recorded and flagged). See
``docs/games/ui77.md`` for the list of codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.ui77 import play
from companion.games.ui77.events import (
    Deal,
    Goal,
    Hand,
    Leftover,
    Result,
    Swap,
    Table,
    Trick,
    Ui77State,
)
from companion.rules import rituals
from companion.rules.cards import Card, Suit
from companion.rules.core import Severity, Violation
from companion.rules.events import Event
from companion.rules.text import tr, tr_n
from companion.rules.tricks import (
    Failure,
    TrickRecord,
    counted_step,
    drew,
    duplicate_problems,
    follow_step,
    game_over,
    lead_and_size_problems,
    revoke_flags,
    suit_one,
    wrong_dealer,
)

#: An entry's kind, for "A trick cannot be recorded now".
ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "swap": tr("A swap"),
    "discards": tr("The discards"),
    "trick": tr("A trick"),
    "leftover": tr("The cards left"),
    "result": tr("A result"),
    "goal": tr("The goal"),
}
GOAL_STEP = 11


def unexpected(rules: Table, state: Ui77State, event: Event) -> Violation:
    kind = event.kind
    if rules.outcome(state) is not None:
        return game_over()
    entry = ENTRY_NOUNS.get(kind) or tr("A {kind}", kind=kind)
    phase = rules.phase(state)
    hand = state.hand
    if phase == "goal":
        return Violation(
            "goal-first",
            tr("Everyone has dealt once: choose the goal (a multiple of 11) before anything else."),
            rule="goal",
        )
    if kind == "goal":
        if state.goal is not None:
            message = tr("The goal is already {goal}.", goal=state.goal)
        else:
            message = tr_n(
                "The goal is chosen once every player has dealt, after hand {n}.",
                "The goal is chosen once every player has dealt, after hand {n}.",
                rules.n_seats,
            )
        return Violation("goal-not-now", message, rule="goal")
    if phase == "deal":
        return Violation(
            "out-of-order",
            tr("{entry} cannot be recorded now: expecting the next deal.", entry=entry),
        )
    assert hand is not None
    if kind == "swap" and phase == "discards":
        if play.same_suit(hand.faceup) is None:
            return Violation(
                "no-swap",
                tr("Swaps are only allowed when all three face-up cards are of one suit."),
                rule="swap",
            )
        return Violation(
            "swap-turn",
            tr(
                "Every player who could still swap has had their turn (in order from the "
                "dealer's left): record the discards."
            ),
            rule="swap",
        )
    if kind in ("result", "swap", "discards") and phase != "discards":
        return Violation(
            "out-of-order",
            tr(
                "This hand is being recorded card by card: carry on, or undo those entries to "
                "use quick entry."
            ),
        )
    if phase == "discards":
        message = tr(
            "{entry} cannot be recorded now: expecting the discards (or the whole hand).",
            entry=entry,
        )
    elif phase == "play":
        message = tr(
            "{entry} cannot be recorded now: expecting trick {number}.",
            entry=entry,
            number=len(hand.tricks) + 1,
        )
    else:
        message = tr(
            "{entry} cannot be recorded now: a player is out of cards, so record how many "
            "slough cards each player still holds.",
            entry=entry,
        )
    return Violation("out-of-order", message)


def not_in_deck(card: Card) -> Violation:
    return Violation(
        "not-in-deck",
        tr("{card} is not in the Ui77 pack (52 cards, no joker).", card=card),
        rule="cards",
    )


def deal_problems(rules: Table, state: Ui77State, deal: Deal) -> list[Violation]:
    names = rules.names
    problems = []
    expected = state.next_dealer
    if expected is not None and deal.dealer != expected:
        problems.append(wrong_dealer(names, expected, deal.dealer))
    faceup = (deal.card_one, deal.card_two, deal.card_three)
    problems += [not_in_deck(c) for c in faceup if c not in play.DECK]
    problems += [
        Violation("faceup-twice", tr("{card} is face up twice.", card=c), rule="deal")
        for c in sorted(set(faceup), key=Card.sort_key)
        if faceup.count(c) > 1
    ]
    problems += cut_problems(rules, deal)
    return problems + first_dealer_problems(rules, state, deal)


def first_dealer_problems(rules: Table, state: Ui77State, deal: Deal) -> list[Violation]:
    """The cards dealt face up to find the first dealer, when listed (rule 2): one a player
    from ``first_start``, stopping at the first club, which the dealer must have received."""
    cards = deal.first_cards or ()
    if not cards and deal.first_start is None:
        return []
    if state.next_dealer is not None:
        message = tr("The cards that choose the first dealer belong to the first deal only.")
        return [Violation("first-dealer-cards", message, rule="deal")]
    if not cards:
        message = tr("Give the cards dealt face up, or leave out who received the first one.")
        return [Violation("first-dealer-cards", message, rule="deal")]
    if bad := [not_in_deck(c) for c in cards if c not in play.DECK]:
        return bad
    if len(set(cards)) != len(cards):
        return [Violation("card-twice", tr("A card appears twice here."), rule="cards")]
    clubs = [i for i, c in enumerate(cards) if c.suit is Suit.CLUBS]
    if not clubs or clubs[0] != len(cards) - 1:
        message = (
            tr("No club was dealt: keep dealing until one shows.")
            if not clubs
            else tr(
                "{card} is a club: dealing stops there, so the cards after it do not count.",
                card=cards[clubs[0]],
            )
        )
        return [Violation("first-dealer-cards", message, rule="deal")]
    return rituals.first_dealer_problems(
        rules.names, cards, deal.first_start, deal.dealer, rule="deal"
    )


def cut_problems(rules: Table, deal: Deal) -> list[Violation]:
    names, cut = rules.names, list(deal.cut)
    if not cut:
        return []
    if not rules.options.cut_penalty:
        return [
            Violation(
                "no-cut-penalty",
                tr("The house rules in force have no cut penalty: leave the cut empty."),
                rule="cut",
            )
        ]
    if len(set(cut)) != len(cut):
        twice = sorted({s for s in cut if cut.count(s) > 1})
        return [
            Violation(
                "bad-cut",
                tr("{player} is listed twice for the cut.", player=names[twice[0]]),
                rule="cut",
            )
        ]
    if len(cut) > 2 or (len(cut) == 2 and deal.dealer not in cut):
        return [
            Violation(
                "bad-cut",
                tr(
                    "A cut is offered by the dealer, {dealer}, and accepted by one other player: "
                    "at most those two take the penalty.",
                    dealer=names[deal.dealer],
                ),
                rule="cut",
            )
        ]
    return []


def goal_problems(rules: Table, state: Ui77State, goal: Goal) -> list[Violation]:
    if goal.score <= 0 or goal.score % GOAL_STEP:
        return [
            Violation(
                "goal-multiple",
                tr(
                    "The goal must be a multiple of 11 (11, 22, 33...), not {score}.",
                    score=goal.score,
                ),
                rule="goal",
            )
        ]
    top = max(rules.scores(state))
    if rules.options.goal_above_totals and goal.score * rules.points_scale <= top:
        return [
            Violation(
                "goal-too-low",
                tr(
                    "The goal must be higher than every total so far (the highest is {top}), "
                    "or the game would end at once.",
                    top=rules.shown_points(top),
                ),
                rule="goal",
            )
        ]
    return []


def swap_problems(rules: Table, hand: Hand, swap: Swap) -> list[Violation]:
    names = rules.names
    suit = play.same_suit(hand.faceup)
    assert suit is not None
    who = names[swap.seat]
    if swap.seat in hand.swapped:
        return [
            Violation(
                "swapped-twice",
                tr("{player} has already swapped: one swap each.", player=who),
                rule="swap",
            )
        ]
    order = [(hand.dealer + 1 + i) % rules.n_seats for i in range(rules.n_seats)]
    if hand.swapped and order.index(swap.seat) < order.index(hand.swapped[-1]):
        return [
            Violation(
                "swap-turn",
                tr(
                    "{player}'s turn to swap has passed: swaps go in turn from the dealer's "
                    "left, and {other} has swapped since.",
                    player=who,
                    other=names[hand.swapped[-1]],
                ),
                rule="swap",
            )
        ]
    if not 1 <= swap.position <= 3:
        return [
            Violation(
                "swap-position",
                tr("There are three face-up cards: say which (1, 2 or 3) is swapped."),
                rule="swap",
            )
        ]
    if swap.card not in play.DECK:
        return [not_in_deck(swap.card)]
    if swap.card.suit != suit:
        return [
            Violation(
                "swap-suit",
                tr(
                    "{player} can only swap a {suit} from hand, not {card}: the face-up cards "
                    "are all {suit}s.",
                    player=who,
                    suit=suit_one(suit),
                    card=swap.card,
                ),
                rule="swap",
            )
        ]
    if swap.card in hand.faceup:
        return [
            Violation(
                "swap-faceup",
                tr(
                    "{card} is face up on the table, not in {player}'s hand.",
                    card=swap.card,
                    player=who,
                ),
                rule="swap",
            )
        ]
    return []


def discard_problems(rules: Table, hand: Hand, counts: Sequence[int]) -> list[Violation]:
    throw = play.params(hand.faceup).throw
    problems = []
    for seat, count in enumerate(counts):
        if count < 0 or count > throw:
            problems.append(
                Violation(
                    "too-many-discards",
                    tr_n(
                        "{player} cannot discard {count}: this hand's throw allows up to {n} card.",
                        "{player} cannot discard {count}: this hand's throw allows up to {n} "
                        "cards.",
                        throw,
                        player=rules.names[seat],
                        count=count,
                    ),
                    rule="discard",
                )
            )
    return problems


def trick_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    names = rules.names
    leader = rules.leader(hand)
    why = tr("won the last trick") if hand.tricks else tr("left of the dealer")
    seats = [(leader + i) % rules.n_seats for i in range(rules.n_seats)]
    if shape := lead_and_size_problems(names, leader, trick.leader, len(trick.cards), seats, why):
        return shape
    problems = [not_in_deck(c) for c in trick.cards if c not in play.DECK]
    problems += [
        Violation(
            "faceup-card",
            tr("{card} lies face up on the table this hand, so nobody can play it.", card=c),
            rule="deal",
        )
        for c in trick.cards
        if c in hand.faceup
    ]
    problems += duplicate_problems(trick.cards, hand.tricks)
    if problems:
        return problems
    record = rules.record(hand, trick.cards)
    _, proven = follow(rules, hand, record)
    known = set(known_cards(hand, record).values())
    revokes = [(f, c) for f, c in proven if not f.other]
    leads = [(f, c) for f, c in proven if f.other]
    return revoke_flags(revokes, record.number, names, known=known) + [
        Violation(
            "trump-led-early",
            trump_lead_text(failure, card, record.number, names),
            Severity.IRREGULARITY,
            "trump-lead",
        )
        for failure, card in leads
    ]


def trump_lead_text(failure: Failure, card: Card | None, number: int, names: Sequence[str]) -> str:
    """Why a trump led before trump was broken is flagged (rule 8): the leader then held a
    card of another suit (U-4), shown by ``card`` played in trick ``number``, more such cards
    played than they drew since, or the count of the cards still unseen (``card`` None). A card
    taken face up in a swap is of the trump suit, so it never proves it."""
    values = {"player": names[failure.seat], "lead": failure.card, "trick": failure.trick}
    if card is None:
        return tr(
            "{player} led {lead}, a trump, in trick {trick} before trump was broken, while "
            "holding a card of another suit: the cards still unseen leave them no hand of "
            "trumps only.",
            **values,
        )
    if failure.drawn:
        return tr_n(
            "{player} led {lead}, a trump, in trick {trick} before trump was broken, while "
            "holding a card of another suit: {count} played since (the last {card}, in trick "
            "{number}), and only {n} card drawn.",
            "{player} led {lead}, a trump, in trick {trick} before trump was broken, while "
            "holding a card of another suit: {count} played since (the last {card}, in trick "
            "{number}), and only {n} cards drawn.",
            failure.drawn,
            count=failure.shown + 1,
            card=card,
            number=number,
            **values,
        )
    return tr(
        "{player} led {lead}, a trump, in trick {trick} before trump was broken, while still "
        "holding {card}, of another suit (played in trick {number}).",
        card=card,
        number=number,
        **values,
    )


def known_cards(hand: Hand, record: TrickRecord) -> dict[int, Card]:
    """The cards known in a hand after ``record``: a face-up card a player took in a swap,
    while they hold it (not played yet, and they discarded nothing: it may be a discard)."""
    discards = hand.discards or ()
    played = {c for t in (*hand.tricks, record) for c in t.cards}
    return {
        seat: card
        for seat, card in hand.taken
        if seat < len(discards) and discards[seat] == 0 and card not in played
    }


def follow(
    rules: Table, hand: Hand, record: TrickRecord
) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card | None]]]:
    """The failures to follow (and trumps led before trump was broken: ``Failure.other``) still
    unproven after ``record`` (and the draw that follows it), and those it proves: by a later
    card of the suit (of another suit than trump), more of them than the cards the player drew
    since (any may be a drawn card, rule 11); by a face-up card they took and still hold; or by
    the count of the cards still unseen (``counted_step``)."""
    still, proven = follow_step(hand.unproven, record, rules.n_seats)
    trump = play.params(hand.faceup).trump
    if record.cards[0].suit == trump and not hand.broken:
        # Rule 8: allowed only to a leader holding nothing but trumps (U-4), so proven by a
        # card of another suit they held then, like a failure to follow.
        still += (Failure(record.number, record.leader, trump, record.cards[0], other=True),)
    held = rules.held(hand)
    held = [h - 1 for h in held]
    if record.number <= play.DRAW_DECK:
        still = drew(still, record.winner)
        held[record.winner] += 1
    known = known_cards(hand, record)
    played = {c for t in (*hand.tricks, record) for c in t.cards}
    unseen = play.DECK - played - set(hand.faceup) - set(known.values())
    still, counted = counted_step(
        still, unseen, lambda seat: held[seat] - (1 if seat in known else 0), known
    )
    return still, [*proven, *counted]


def slough_problems(
    rules: Table, hand: Hand, slough: Sequence[int], left: Sequence[int]
) -> list[Violation]:
    names = rules.names
    p = play.params(hand.faceup)
    problems = []
    for seat, count in enumerate(slough):
        if not 0 <= count <= left[seat]:
            problems.append(
                Violation(
                    "slough-range",
                    tr_n(
                        "{player} holds {n} card, so cannot hold {count} of the slough suit.",
                        "{player} holds {n} cards, so cannot hold {count} of the slough suit.",
                        left[seat],
                        player=names[seat],
                        count=count,
                    ),
                    rule="scoring",
                )
            )
    if problems:
        return problems
    seen = [c for c in hand.faceup if c.suit == p.slough]
    seen += [c for t in hand.tricks for c in t.cards if c.suit == p.slough]
    room = 13 - len(seen)
    if sum(slough) > room:
        return [
            Violation(
                "slough-total",
                tr_n(
                    "Only {n} {suit} can still be in the players' hands, not {count}.",
                    "Only {n} {suit}s can still be in the players' hands, not {count}.",
                    room,
                    suit=suit_one(p.slough),
                    count=sum(slough),
                ),
                rule="scoring",
            )
        ]
    return []


def leftover_problems(rules: Table, hand: Hand, leftover: Leftover) -> list[Violation]:
    return slough_problems(rules, hand, leftover.slough, rules.held(hand))


def result_problems(rules: Table, hand: Hand, result: Result) -> list[Violation]:
    names = rules.names
    if problems := discard_problems(rules, hand, result.discards):
        return problems
    for seat, (won, left) in enumerate(zip(result.tricks, result.left, strict=True)):
        if won < 0 or left < 0:
            problems.append(
                Violation(
                    "count-range",
                    tr("{player}'s tricks and cards left cannot be negative.", player=names[seat]),
                    rule="scoring",
                )
            )
    if problems:
        return problems
    played = sum(result.tricks)
    drawn = []
    for seat in range(rules.n_seats):
        # Cards left = 9 - discarded + drawn - tricks played, so the cards drawn follow.
        draws = result.left[seat] + played + result.discards[seat] - play.HAND_SIZE
        drawn.append(draws)
        if draws < 0:
            problems.append(
                Violation(
                    "cards-left",
                    tr_n(
                        "{player} cannot have {left} cards left: 9 dealt, {discards} discarded "
                        "and {n} trick played leave at least {least}.",
                        "{player} cannot have {left} cards left: 9 dealt, {discards} discarded "
                        "and {n} tricks played leave at least {least}.",
                        played,
                        player=names[seat],
                        left=result.left[seat],
                        discards=result.discards[seat],
                        least=play.HAND_SIZE - result.discards[seat] - played,
                    ),
                    rule="draw",
                )
            )
        elif draws > min(result.tricks[seat], play.DRAW_DECK):
            problems.append(
                Violation(
                    "cards-left",
                    tr_n(
                        "{player} cannot have {left} cards left: that means {draws} cards "
                        "drawn, but only the winners of tricks 1 to 4 draw, and {player} won "
                        "{n} trick.",
                        "{player} cannot have {left} cards left: that means {draws} cards "
                        "drawn, but only the winners of tricks 1 to 4 draw, and {player} won "
                        "{n} tricks.",
                        result.tricks[seat],
                        player=names[seat],
                        left=result.left[seat],
                        draws=draws,
                    ),
                    rule="draw",
                )
            )
    if problems:
        return problems
    if sum(drawn) != play.DRAW_DECK:
        return [
            Violation(
                "draws-total",
                tr(
                    "The counts do not add up: the winners of tricks 1 to 4 draw the 4 cards of "
                    "the draw deck, but these tricks and cards left mean {draws} cards drawn.",
                    draws=sum(drawn),
                ),
                rule="draw",
            )
        ]
    if min(result.left) != 0:
        return [
            Violation(
                "nobody-out",
                tr("The hand ends when a player has no card left: someone must have 0 left."),
                rule="end",
            )
        ]
    return slough_problems(rules, hand, result.slough, result.left)
