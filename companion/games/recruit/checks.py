"""Recruit's validation: every check of an entry, named by its violation code.

Called by :meth:`Recruit.violations`; each function returns the problems with one event in the
current state (errors refuse it; irregularities such as revokes are recorded and flagged).
"""

from __future__ import annotations

from companion.games.recruit import play
from companion.games.recruit.events import (
    Deal,
    Exchange,
    Hand,
    Pile,
    Piles,
    RecruitState,
    Table,
    Trick,
)
from companion.games.recruit.play import DECK, FACE_WORDS, FACES, TRICKS, VARIANTS
from companion.rules.cards import JACK, KING, QUEEN, Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.text import Text, tr, tr_n, trc
from companion.rules.tricks import (
    comma_list,
    duplicate_problems,
    game_over,
    lead_and_size_problems,
    out_of_order,
    rank_word,
    revoke_flags,
)


def unexpected(rules: Table, state: RecruitState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return game_over()
    hand = state.hand
    if hand is not None and not hand.tricks and event.kind == "exchange":
        if hand.exchanged:
            return Violation(
                "exchange-twice", tr("The exchange for this hand is already recorded.")
            )
        return Violation(
            "keeper-no-exchange",
            tr("Keeper was declared for this hand: nobody swaps or passes cards."),
            rule="variants",
        )
    first = tr("the exchange, the first trick or the piles")
    return out_of_order(event.kind, None if hand is None else hand.tricks, first)


def deal_problems(rules: Table, state: RecruitState, deal: Deal) -> list[Violation]:
    problems = []
    expected = state.next_dealer
    if expected is not None and deal.dealer != expected:
        problems.append(
            Violation(
                "wrong-dealer",
                tr(
                    "It is {dealer}'s deal (the deal passes clockwise), not {player}'s.",
                    dealer=rules.names[expected],
                    player=rules.names[deal.dealer],
                ),
                rule="setup",
            )
        )
    if deal.shown not in DECK:
        problems.append(not_in_deck(deal.shown))
    if unknown := sorted(deal.variants - set(VARIANTS)):
        problems.append(
            Violation(
                "unknown-variant",
                tr("No variant called {variants}.", variants=comma_list(unknown)),
                rule="variants",
            )
        )
    if {"keeper", "passer"} <= deal.variants:
        problems.append(
            Violation(
                "keeper-and-passer",
                tr("Keeper (no swapping) and Passer (pass 4 to the left) cannot both be declared."),
                rule="variants",
            )
        )
    return problems


def exchange_problems(rules: Table, hand: Hand, ex: Exchange) -> list[Violation]:
    kind = play.exchange_kind(hand, rules.n_seats)
    problems = []
    for seat, count in enumerate(ex.swapped):
        name = rules.names[seat]
        if kind == "swap" and not 0 <= count <= 4:
            problems.append(
                Violation(
                    "swap-count",
                    tr_n(
                        "{player} swapped {n} card: a player may swap 0 to 4.",
                        "{player} swapped {n} cards: a player may swap 0 to 4.",
                        count,
                        player=name,
                    ),
                    rule="exchange",
                )
            )
        elif kind != "swap" and count != 4:
            if kind == "left":
                message = tr_n(
                    "{player} passed {count} card: each player passes exactly 4 to the left.",
                    "{player} passed {count} cards: each player passes exactly 4 to the left.",
                    count,
                    player=name,
                    count=count,
                )
            else:
                message = tr_n(
                    "{player} passed {count} card: each player passes exactly 4 to their partner.",
                    "{player} passed {count} cards: each player passes exactly 4 to their partner.",
                    count,
                    player=name,
                    count=count,
                )
            problems.append(Violation("pass-count", message, rule="exchange"))
    return problems


def piles_problems(rules: Table, hand: Hand, event: Piles) -> list[Violation]:
    n, names = rules.n_seats, rules.names
    problems: list[Violation] = []
    for seat, pile in enumerate(event.piles):
        problems += pile_problems(rules, hand, names[seat], pile)
    if problems:
        return problems
    total = sum(p.cards for p in event.piles)
    if total != TRICKS * n:
        problems.append(
            Violation(
                "piles-total",
                tr_n(
                    "The piles hold {total} card in all, but {tricks} tricks of {n} cards "
                    "make {needed}.",
                    "The piles hold {total} cards in all, but {tricks} tricks of {n} cards "
                    "make {needed}.",
                    total,
                    total=total,
                    tricks=TRICKS,
                    n=n,
                    needed=TRICKS * n,
                ),
                rule="scoring",
            )
        )
    # With four players every card except the one turned up ends in a pile; with fewer,
    # some may be in the stock or discarded, so the counts are only upper limits.
    exact = n == 4
    for rank, attr, word in FACES:
        got = sum(getattr(p, attr) for p in event.piles)
        problems += rank_total(hand, rank, word, got, exact)
    if play.match_rank(hand) not in (None, JACK, QUEEN, KING):
        got = sum(p.matches or 0 for p in event.piles)
        word = trc("Recruit cards", "matching cards")
        problems += rank_total(hand, play.match_rank(hand), word, got, exact)
    return problems


def rank_total(hand: Hand, rank: int | None, word: Text, got: int, exact: bool) -> list[Violation]:
    available = 4 - (1 if rank is not None and hand.shown.rank == rank else 0)
    if not (got > available or (exact and got != available)):
        return []
    values = {"count": got, "cards": word, "available": available}
    if exact and available == 3:
        message = tr(
            "The piles hold {count} {cards}; there must be exactly {available} (one was "
            "turned up).",
            **values,
        )
    elif exact:
        message = tr("The piles hold {count} {cards}; there must be exactly {available}.", **values)
    elif available == 3:
        message = tr(
            "The piles hold {count} {cards}; there must be at most {available} (one was "
            "turned up).",
            **values,
        )
    else:
        message = tr("The piles hold {count} {cards}; there must be at most {available}.", **values)
    return [Violation("rank-total", message, rule="scoring")]


def pile_problems(rules: Table, hand: Hand, name: str, pile: Pile) -> list[Violation]:
    n = rules.n_seats
    out = []
    if pile.cards < 0 or pile.cards % n:
        out.append(
            Violation(
                "pile-size",
                tr_n(
                    "{player}'s pile has {count} card: every trick holds {n} cards, so a "
                    "pile is a multiple of {n}.",
                    "{player}'s pile has {count} cards: every trick holds {n} cards, so a "
                    "pile is a multiple of {n}.",
                    pile.cards,
                    player=name,
                    count=pile.cards,
                    n=n,
                ),
                rule="scoring",
            )
        )
    for _, attr, word in FACES:
        if not 0 <= getattr(pile, attr) <= 4:
            out.append(
                Violation(
                    "face-count",
                    tr(
                        "{player} cannot have {count} {cards}.",
                        player=name,
                        count=getattr(pile, attr),
                        cards=word,
                    ),
                    rule="scoring",
                )
            )
    match_rank = play.match_rank(hand)
    if pile.matches is not None and match_rank is None:
        if pile.matches:
            if "match" in hand.variants:
                why = tr("{player}: no card can match — the joker was turned up.", player=name)
            else:
                why = tr("{player}: no card can match — Match was not declared.", player=name)
            out.append(Violation("no-match", why, rule="variants"))
    elif match_rank in (JACK, QUEEN, KING) and pile.matches is not None:
        attr = {JACK: "jacks", QUEEN: "queens", KING: "kings"}[match_rank]
        if pile.matches != getattr(pile, attr):
            out.append(
                Violation(
                    "match-count",
                    tr(
                        "{player}: the matching cards are the {cards} ({count}), not {matches}.",
                        player=name,
                        cards=FACE_WORDS[match_rank],
                        count=getattr(pile, attr),
                        matches=pile.matches,
                    ),
                    rule="variants",
                )
            )
    elif match_rank is not None and match_rank not in (JACK, QUEEN, KING):
        if pile.matches is None:
            out.append(
                Violation(
                    "match-missing",
                    tr(
                        "Match is on: say how many {rank}s {player} collected.",
                        rank=rank_word(match_rank),
                        player=name,
                    ),
                    rule="variants",
                )
            )
        elif not 0 <= pile.matches <= 3:
            out.append(
                Violation(
                    "match-count",
                    tr(
                        "{player} cannot have {count} matching cards.",
                        player=name,
                        count=pile.matches,
                    ),
                    rule="variants",
                )
            )
    named = sum(getattr(pile, a) for _, a, _ in FACES)
    if match_rank is not None and match_rank not in (JACK, QUEEN, KING):
        named += pile.matches or 0
    if not out and named > pile.cards:
        out.append(
            Violation(
                "pile-too-small",
                tr_n(
                    "{player}'s pile has {count} card but {named} of them are named.",
                    "{player}'s pile has {count} cards but {named} of them are named.",
                    pile.cards,
                    player=name,
                    count=pile.cards,
                    named=named,
                ),
                rule="scoring",
            )
        )
    return out


def trick_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    n, names = rules.n_seats, rules.names
    leader = rules.leader(hand)
    why = tr("won the last one or sits left of the dealer")
    if shape := lead_and_size_problems(
        names, leader, trick.leader, len(trick.cards), range(n), why
    ):
        return shape
    problems = [not_in_deck(c) for c in trick.cards if c not in DECK]
    for card in trick.cards:
        if card == hand.shown:
            problems.append(
                Violation(
                    "shown-card",
                    tr("{card} was turned up to fix trump and is out of play.", card=card),
                    rule="setup",
                )
            )
    problems += duplicate_problems(trick.cards, hand.tricks)
    if problems:
        return problems
    record = rules.record(hand, trick.cards)
    _, proven = rules.follow_step(hand, record)
    return revoke_flags(proven, record.number, names)


def not_in_deck(card: Card) -> Violation:
    if card.is_joker:
        return Violation(
            "not-in-deck",
            tr("Recruit uses one plain joker (JK), not a red or black one."),
            rule="setup",
        )
    message = tr("{card} is not in the Recruit pack.", card=card)
    return Violation("not-in-deck", message, rule="setup")
