"""Bastard's validation: every check of an entry, named by its violation code.

Called by :meth:`Bastard.violations`; each function returns the problems with one event in the
current state (all are errors: the entry is refused). ``docs/games/bastard.md`` lists the codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.bastard import play
from companion.games.bastard.events import BastardState, Deal, Hand, Pass, Play, Result, Table
from companion.rules.cards import Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.text import Text, tr, tr_n
from companion.rules.tricks import name_list
from companion.rules.turns import count_problem, turn_problem

ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "result": tr("A result"),
    "play": tr("A play"),
    "pass": tr("A pass"),
}


def unexpected(rules: Table, state: BastardState, event: Event) -> Violation:
    kind = event.kind
    if rules.outcome(state) is not None:
        return Violation("game-over", tr("The evening is over: nothing more can be recorded."))
    entry = ENTRY_NOUNS.get(kind) or tr("A {kind}", kind=kind)
    hand = state.hand
    if hand is None:
        return Violation(
            "out-of-order",
            tr("{entry} cannot be recorded now: expecting the next deal.", entry=entry),
        )
    if kind == "result":
        return Violation(
            "out-of-order",
            tr(
                "This game is being recorded play by play: carry on, or undo those entries to "
                "use quick entry."
            ),
        )
    if kind in ("play", "pass") and hand.upcard is None:
        return Violation(
            "upcard-unknown",
            tr(
                "The turned card was not recorded with the deal, so plays cannot be checked: "
                "use quick entry, or correct the deal with the turned card."
            ),
            rule="deal",
        )
    return Violation(
        "out-of-order",
        tr("{entry} cannot be recorded now: a game is under way.", entry=entry),
    )


def deal_problems(rules: Table, state: BastardState, deal: Deal) -> list[Violation]:
    names, n = rules.names, rules.n_seats
    problems: list[Violation] = []
    expected = state.next_dealer
    if expected is not None and deal.dealer != expected:
        if rules.options.next_dealer == "left":
            message = tr(
                "It is {player}'s deal (the deal passes to the left), not {other}'s.",
                player=names[expected],
                other=names[deal.dealer],
            )
        else:
            message = tr(
                "It is {player}'s deal (the last game's bastard deals), not {other}'s.",
                player=names[expected],
                other=names[deal.dealer],
            )
        problems.append(Violation("wrong-dealer", message, rule="next-game"))
    if deal.upcard is not None:
        problems += card_problems(rules, (deal.upcard,))
    choices = state.starters
    if not state.finishes:
        choices = ((deal.dealer + 1) % n,)
    if deal.starter is None and len(choices) > 1:
        problems.append(
            Violation(
                "starter-missing",
                tr(
                    "The last game had several winners: say who starts (cut or toss for it: "
                    "{players}).",
                    players=name_list([names[s] for s in choices]),
                ),
                rule="next-game",
            )
        )
    elif deal.starter is not None and deal.starter not in choices:
        if not state.finishes:
            message = tr(
                "In the first game the player on the dealer's left starts: {player}, not {other}.",
                player=names[choices[0]],
                other=names[deal.starter],
            )
        elif len(choices) == 1:
            message = tr(
                "The player on the last winner's left starts: {player}, not {other}.",
                player=names[choices[0]],
                other=names[deal.starter],
            )
        else:
            message = tr(
                "The starter is on the left of one of the last winners: {players}, not {other}.",
                players=name_list([names[s] for s in choices]),
                other=names[deal.starter],
            )
        problems.append(Violation("wrong-starter", message, rule="next-game"))
    return problems


def card_problems(rules: Table, cards: Sequence[Card]) -> list[Violation]:
    """Jokers named by colour in the coloured-joker variant."""
    if rules.options.coloured_jokers and any(c.is_joker and c.joker is None for c in cards):
        return [
            Violation(
                "joker-colour",
                tr("With coloured jokers, say which joker: the red one or the black one."),
                rule="coloured-jokers",
            )
        ]
    return []


def result_problems(rules: Table, result: Result) -> list[Violation]:
    names, n = rules.names, rules.n_seats
    places = result.places
    for seat, place in enumerate(places):
        if not 1 <= place <= n:
            return [
                Violation(
                    "place-range",
                    tr(
                        "{player}'s place must be from 1 to {n}, not {place}.",
                        player=names[seat],
                        n=n,
                        place=place,
                    ),
                    rule="going-out",
                )
            ]
    for seat, place in enumerate(places):
        before = sum(1 for p in places if p < place)
        if place != before + 1:
            return [
                Violation(
                    "place-gap",
                    tr_n(
                        "{player} cannot be place {place}: {n} player went out before, so "
                        "the place is {right}.",
                        "{player} cannot be place {place}: {n} players went out before, so "
                        "the place is {right}.",
                        before,
                        player=names[seat],
                        place=place,
                        right=before + 1,
                    ),
                    rule="going-out",
                )
            ]
    last = max(places)
    if last == 1:
        return [
            Violation(
                "one-bastard",
                tr("Somebody is left holding cards: not everyone can be first."),
                rule="going-out",
            )
        ]
    bastards = [names[s] for s, p in enumerate(places) if p == last]
    if len(bastards) > 1:
        return [
            Violation(
                "one-bastard",
                tr(
                    "Only one player can be left holding cards, but {players} share the last "
                    "place: someone went out after the others.",
                    players=name_list(bastards),
                ),
                rule="going-out",
            )
        ]
    return []


def colour_word(card: Card) -> Text:
    return tr("red") if card.is_red else tr("black")


def play_problems(rules: Table, hand: Hand, event: Play) -> list[Violation]:
    if problems := turn_problem(rules.names, hand.turn, event.seat, step=1):
        return problems
    who, cards = rules.names[event.seat], event.cards
    coloured = rules.options.coloured_jokers
    if not cards:
        return [Violation("no-cards", tr("Choose the card or cards {player} played.", player=who))]
    if problems := card_problems(rules, cards):
        return problems
    if problems := count_problem(rules.names, hand.counts, event.seat, len(cards)):
        return problems
    packs = rules.packs
    for card in cards:
        seen = sum(1 for c in (*hand.pile, *cards) if play.same_card(c, card, coloured))
        if seen > play.copies(card, packs, coloured):
            return [_copies_problem(card, packs, coloured)]
    jokers = [c for c in cards if c.is_joker]
    if jokers and len(cards) > 1:
        pair_ok = rules.options.joker_pair and len(cards) == 2 and len(jokers) == 2
        if not pair_ok:
            message = (
                tr("Only two jokers may go down together, and nothing else with them.")
                if rules.options.joker_pair
                else tr("A joker is played on its own, never with other cards.")
            )
            return [Violation("joker-alone", message, rule="joker")]
    elif len({c.rank for c in cards}) > 1:
        return [
            Violation(
                "same-rank",
                tr("Several cards go down together only if they are all of one rank: {cards}.",
                   cards=cards),
                rule="multiples",
            )
        ]  # fmt: skip
    if not jokers:
        for a, b in zip(cards, cards[1:], strict=False):
            if a.is_red == b.is_red:
                return [
                    Violation(
                        "alternate-colour",
                        tr(
                            "{first} then {second}: cards of one rank go down in alternating "
                            "colours, red on black on red.",
                            first=a,
                            second=b,
                        ),
                        rule="multiples",
                    )
                ]
    return beat_problems(rules, hand, cards)


def _copies_problem(card: Card, packs: int, coloured: bool) -> Violation:
    if card.is_joker and not coloured:
        message = tr_n(
            "All the jokers are already on the pile: the pack has {n} joker.",
            "All the jokers are already on the pile: the packs have {n} jokers.",
            2 * packs,
        )
    else:
        message = tr_n(
            "{card} is already on the pile, and the pack has only {n}.",
            "{card} is already on the pile as often as the packs hold it ({n}).",
            packs,
            card=card,
        )
    return Violation("card-twice", message, rule="cards")


def beat_problems(rules: Table, hand: Hand, cards: Sequence[Card]) -> list[Violation]:
    """Whether ``cards`` may go on the pile: colour first, then rank (rules 5 to 7)."""
    first, top = cards[0], hand.top
    coloured = rules.options.coloured_jokers
    if first.is_joker:
        if not coloured or top is None or top.is_red != first.is_red:
            return []
        return [
            Violation(
                "joker-colour",
                tr(
                    "{joker} goes only on a card of the other colour, and {card} is {colour}.",
                    joker=first,
                    card=top,
                    colour=colour_word(top),
                ),
                rule="coloured-jokers",
            )
        ]
    if top is None:
        return []
    if top.is_joker:
        if not coloured or first.is_red != top.is_red:
            return []
        return [
            Violation(
                "same-colour",
                tr(
                    "After {joker} the next card must be {colour}: {card} is not.",
                    joker=top,
                    colour=tr("black") if top.is_red else tr("red"),
                    card=first,
                ),
                rule="coloured-jokers",
            )
        ]
    if first.is_red == top.is_red:
        return [
            Violation(
                "same-colour",
                tr(
                    "{card} cannot go on {top}: red goes on black and black on red.",
                    card=first,
                    top=top,
                ),
                rule="play",
            )
        ]
    if play.beats(first, top, down=hand.down):
        return []
    if hand.down:
        message = tr(
            "{card} does not beat {top}: the pile is going down (an ace turned it), so play "
            "lower than {top}, or a joker.",
            card=first,
            top=top,
        )
    else:
        message = tr(
            "{card} does not beat {top}: the pile is going up, so play higher than {top}, "
            "or a joker.",
            card=first,
            top=top,
        )
    return [Violation("must-beat", message, rule="play")]


def pass_problems(rules: Table, hand: Hand, event: Pass) -> list[Violation]:
    if problems := turn_problem(rules.names, hand.turn, event.seat, step=1):
        return problems
    who = rules.names[event.seat]
    free = rules.free(hand)
    if rules.stuck_check(hand):
        if free:
            return [
                Violation(
                    "must-play",
                    tr(
                        "Everyone passed on {player}'s joker, and anything goes on a joker: "
                        "{player} plays again.",
                        player=who,
                    ),
                    rule="joker",
                )
            ]
        if event.by_choice:
            return [
                Violation(
                    "pass-banned",
                    tr(
                        "Everyone else passed on {player}'s card: {player} beats it if able, "
                        "and otherwise cannot pass by choice but takes the bastard rule.",
                        player=who,
                    ),
                    rule="bastard-rule",
                )
            ]
        return []
    if not (event.by_choice or free):
        return []
    reason = rules.pass_banned(hand)
    if not reason:
        return []
    if free:
        fresh = (
            tr("anything goes on a joker")
            if hand.top is not None
            else tr("anything goes on a fresh pile")
        )
        if reason == "previous":
            message = tr(
                "{player} can play ({why}), and the player before passed, so {player} may "
                "not pass.",
                player=who,
                why=fresh,
            )
        else:
            message = tr(
                "{player} can play ({why}), and with only two players left nobody may pass "
                "while able to play.",
                player=who,
                why=fresh,
            )
        return [Violation("must-play", message, rule="passing")]
    if reason == "previous":
        message = tr(
            "The player before {player} passed, so {player} may pass only when unable to play.",
            player=who,
        )
    else:
        message = tr(
            "Only two players are left, so {player} may pass only when unable to play.",
            player=who,
        )
    return [Violation("pass-banned", message, rule="passing")]
