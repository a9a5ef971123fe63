"""Jersey Gin's validation: every check of an entry, named by its violation code (see
``docs/games/jersey_gin.md``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.games.jersey_gin import play, turns
from companion.games.jersey_gin.events import (
    Draw,
    Hand,
    JerseyGinState,
    LayOff,
    Meld,
    Rest,
    Result,
    Show,
    Shown,
    Table,
)
from companion.rules.cards import Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.melds import MeldError, classify
from companion.rules.text import tr, tr_n

ENDS = ("knock", "gin", "break")


def unexpected(rules: Table, state: JerseyGinState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return Violation("game-over", tr("The game is over: nothing more can be recorded."))
    if state.hand is None:
        return Violation(
            "out-of-order",
            tr("This cannot be recorded now: expecting the next deal."),
        )
    shown = state.hand.shown
    if shown is not None and shown.end == "gin" and event.kind in ("meld", "layoff"):
        return _no_layoff_on_gin()  # a defender's melds laid down are only for lay-offs
    if shown is None and event.kind in ("meld", "layoff"):
        return Violation(
            "out-of-order",
            tr(
                "Cards go on the table only after the break, once the breaker has drawn (or, "
                "after a knock, once the knocker's cards are entered)."
            ),
            rule="break",
        )
    return Violation(
        "out-of-order",
        tr("Hand {number} is dealt: record how it ended.", number=state.hand.number),
    )


def result_problems(rules: Table, hand: Hand, event: Result) -> list[Violation]:
    names = rules.names
    if event.end not in ENDS:
        return [
            Violation(
                "unknown-end",
                tr("A hand ends with a knock, gin or the break, not '{end}'.", end=event.end),
            )
        ]
    if problems := end_problems(rules, hand, event.end, event.by):
        return problems
    problems = []
    for seat, points in enumerate(event.deadwood):
        if not 0 <= points <= play.MAX_DEADWOOD:
            problems.append(
                Violation(
                    "deadwood-out-of-range",
                    tr(
                        "{player}'s deadwood of {points} cannot be: ten cards leave 0 to {top}.",
                        player=names[seat],
                        points=points,
                        top=play.MAX_DEADWOOD,
                    ),
                    rule="values",
                )
            )
    if problems:
        return problems
    mine = event.deadwood[event.by]
    if event.end == "knock" and mine > play.KNOCK_LIMIT:
        problems.append(
            Violation(
                "knock-too-high",
                tr(
                    "{player} cannot knock with {points}: a knock needs {limit} or less.",
                    player=names[event.by],
                    points=mine,
                    limit=play.KNOCK_LIMIT,
                ),
                rule="knocking",
            )
        )
    if event.end == "knock" and mine == 0:
        problems.append(
            Violation(
                "knock-is-gin",
                tr(
                    "{player} has no deadwood at all: record the hand as gin.",
                    player=names[event.by],
                ),
                rule="gin",
            )
        )
    if event.end == "gin" and mine != 0:
        problems.append(
            Violation(
                "gin-has-deadwood",
                tr(
                    "{player} went gin, so every card was melded: their deadwood must be 0, "
                    "not {points}.",
                    player=names[event.by],
                    points=mine,
                ),
                rule="gin",
            )
        )
    return problems


def _card_count(names: tuple[str, ...], seat: int, cards: int, wanted: int) -> Violation:
    return Violation(
        "wrong-card-count",
        tr_n(
            "{player} has {n} card here, but should have {wanted}.",
            "{player} has {n} cards here, but should have {wanted}.",
            cards,
            player=names[seat],
            wanted=wanted,
        ),
        rule="deal",
    )


def _no_layoff_on_gin() -> Violation:
    return Violation("no-layoff-on-gin", tr("Nobody may lay off on a gin hand."), rule="gin")


def _jokers(cards: Iterable[Card]) -> list[Violation]:
    """A joker among cards entered: the pack has none (ruling 6.2.1)."""
    if any(c.is_joker for c in cards):
        return [Violation("no-jokers", tr("Jersey Gin is played without jokers."), rule="deal")]
    return []


def _twice(card: Card) -> Violation:
    return Violation(
        "card-twice",
        tr("{card} is entered twice, but the pack holds it once.", card=card),
        rule="deal",
    )


def show_problems(rules: Table, hand: Hand, event: Show) -> list[Violation]:
    names = rules.names
    if event.end not in ("knock", "gin"):
        return [
            Violation(
                "unknown-end",
                tr("Cards are shown for a knock or gin, not '{end}'.", end=event.end),
            )
        ]
    if problems := end_problems(rules, hand, event.end, event.by):
        return problems
    wanted = play.DEALT - len(hand.put_down(event.by))  # less what they put on the table
    if len(event.cards) != wanted:
        return [_card_count(names, event.by, len(event.cards), wanted)]
    if problems := _jokers(event.cards):
        return problems
    every = [*event.cards, *_on_table(hand)]
    if twice := [c for c, n in Counter(every).items() if n > 1]:
        return [_twice(twice[0])]
    if event.melds is not None and (problems := _laid_out_problems(names[event.by], event)):
        return problems
    best = play.shown_arrangement(event.cards, event.melds)
    mine, player = best.deadwood_value, names[event.by]
    values = {"player": player, "cards": best.deadwood, "points": mine}
    if event.end == "knock" and mine > play.KNOCK_LIMIT:
        if event.melds is None:
            message = tr(
                "{player} cannot knock: at best {cards} are left over, {points}; a knock "
                "needs {limit} or less.",
                limit=play.KNOCK_LIMIT,
                **values,
            )
        else:
            message = tr(
                "{player} cannot knock: the melds laid out leave {cards}, {points}; a knock "
                "needs {limit} or less.",
                limit=play.KNOCK_LIMIT,
                **values,
            )
        return [Violation("knock-too-high", message, rule="knocking")]
    if event.end == "knock" and mine == 0:
        return [
            Violation(
                "knock-is-gin",
                tr("{player} has no deadwood at all: record the hand as gin.", player=player),
                rule="gin",
            )
        ]
    if event.end == "gin" and mine:
        if event.melds is None:
            message = tr(
                "{player} cannot have gone gin: at best {cards} are left over ({points}).",
                **values,
            )
        else:
            message = tr(
                "{player} cannot have gone gin: the melds laid out leave {cards} ({points}).",
                **values,
            )
        return [Violation("gin-has-deadwood", message, rule="gin")]
    return []


def _laid_out_problems(player: str, event: Show) -> list[Violation]:
    """The knocker's melds as laid out (ruling 6.2.4): each a meld of their own cards, each card
    in one meld at most."""
    assert event.melds is not None
    every = [c for meld in event.melds for c in meld]
    if twice := [c for c, n in Counter(every).items() if n > 1]:
        return [_twice(twice[0])]
    if stray := [c for c in every if c not in event.cards]:
        return [
            Violation(
                "meld-not-in-hand",
                tr(
                    "{card} is in a meld laid out, but not among {player}'s cards.",
                    card=stray[0],
                    player=player,
                ),
                rule="melds",
            )
        ]
    for meld in event.melds:
        if problems := _meld_shape(meld):
            return problems
    return []


def layoff_problems(rules: Table, hand: Hand, shown: Shown, event: LayOff) -> list[Violation]:
    names = rules.names
    if shown.end == "gin":
        return [_no_layoff_on_gin()]
    if event.seat == shown.by:
        return [
            Violation(
                "layoff-by-knocker",
                tr("{player} knocked: only the two others lay off.", player=names[event.seat]),
                rule="knocking",
            )
        ]
    first = (shown.by + 1) % play.SEATS
    if event.seat == first and any(s != first for s, _, _ in shown.layoffs):
        return [
            Violation(
                "layoff-order",
                tr(
                    "{player} lays off first, before {other}: too late once {other} has laid off.",
                    player=names[first],
                    other=names[(shown.by + 2) % play.SEATS],
                ),
                rule="knocking",
            )
        ]
    targets = knock_targets(shown, hand)
    if not 1 <= event.meld <= len(targets):
        return [
            Violation(
                "layoff-no-meld",
                tr_n(
                    "There is {n} meld to lay off on: there is no meld {number}.",
                    "There are {n} melds to lay off on: there is no meld {number}.",
                    len(targets),
                    number=event.meld,
                ),
                rule="knocking",
            )
        ]
    owner, meld = targets[event.meld - 1]
    if owner == event.seat:
        return [
            Violation(
                "layoff-on-own-meld",
                tr(
                    "Meld {number} is {player}'s own: a player lays off on their opponents' "
                    "melds only.",
                    number=event.meld,
                    player=names[owner],
                ),
                rule="knocking",
            )
        ]
    used = [*shown.cards, *(c for _, c, _ in shown.layoffs), *_on_table(hand)]
    if event.card in used:
        return [_twice(event.card)]
    return _fits(event.card, meld)


def knock_targets(shown: Shown, hand: Hand) -> list[tuple[int, tuple[Card, ...]]]:
    """What may be laid off on after a knock, numbered from 1 as the screen shows them: the
    knocker's melds, then (option "any", ruling 6.3.1) the melds the defenders laid down."""
    return [(shown.by, m) for m in shown.melds] + [(t.seat, t.cards) for t in hand.tabled]


def knock_meld_problems(rules: Table, hand: Hand, shown: Shown, event: Meld) -> list[Violation]:
    """Option "any" (ruling 6.3.1): after a knock, a defender lays their melds face up so that
    the other may lay off on them; all of them before the first lay-off."""
    names = rules.names
    if event.seat == shown.by:
        return [
            Violation(
                "meld-by-knocker",
                tr(
                    "{player} knocked: their melds are the ones the app found in their cards.",
                    player=names[event.seat],
                ),
                rule="knocking",
            )
        ]
    if shown.layoffs:
        return [
            Violation(
                "melds-after-layoffs",
                tr(
                    "The defenders lay their melds down before anyone lays off: {player} is "
                    "too late once lay-offs have begun.",
                    player=names[event.seat],
                ),
                rule="knocking",
            )
        ]
    used = [*shown.cards, *_on_table(hand)]
    if twice := [c for c in event.cards if c in used]:
        return [_twice(twice[0])]
    return _meld_shape(event.cards)


def rest_problems(rules: Table, hand: Hand, shown: Shown, event: Rest) -> list[Violation]:
    names = rules.names
    if problems := _jokers(c for cards in event.cards for c in cards):
        return problems
    if event.cards[shown.by]:
        problems.append(
            Violation(
                "rest-of-knocker",
                tr(
                    "{player}'s cards were entered already: leave them out here.",
                    player=names[shown.by],
                ),
            )
        )
    for seat in range(play.SEATS):
        if seat == shown.by:
            continue
        laid = sum(1 for s, _, _ in shown.layoffs if s == seat) + len(hand.put_down(seat))
        if len(event.cards[seat]) != play.DEALT - laid:
            problems.append(_card_count(names, seat, len(event.cards[seat]), play.DEALT - laid))
    shown_cards = {*shown.cards, *(c for _, c, _ in shown.layoffs), *_on_table(hand)}
    held = [c for seat, cards in enumerate(event.cards) if seat != shown.by for c in cards]
    twice = [c for c, n in Counter(held).items() if n > 1] or [c for c in held if c in shown_cards]
    if twice:
        problems.append(_twice(twice[0]))
    return problems


# --- the play, when recorded: draws, and the break (ruling 6.2.8) ----------------------------


def _on_table(hand: Hand) -> list[Card]:
    return [c for t in hand.tabled for c in t.cards]


def _untaken(rules: Table, hand: Hand) -> list[Violation]:
    """A discard taken after the break and not melded in the same turn (ruling 6.2.8)."""
    if hand.taken is None or hand.turn is None:
        return []
    return [
        Violation(
            "discard-not-melded",
            tr(
                "{player} took {card} from the discard pile after the break: it must go into a "
                "meld (or on one) in the same turn. Record that meld first.",
                player=rules.names[hand.turn],
                card=hand.taken,
            ),
            rule="break",
        )
    ]


def no_knock_after_break(rules: Table, hand: Hand, end: str) -> list[Violation]:
    if end != "knock" or hand.breaker is None:
        return []
    return [
        Violation(
            "no-knock-after-break",
            tr(
                "Nobody may knock after the break ({player} broke): the hand goes on until the "
                "stock is out, unless someone goes gin.",
                player=rules.names[hand.breaker],
            ),
            rule="break",
        )
    ]


def end_problems(rules: Table, hand: Hand, end: str, by: int) -> list[Violation]:
    """How a hand ends, against the play recorded (nothing to check when it was not)."""
    # a discard taken after the break may go straight into a gin hand
    untaken = [] if end == "gin" and by == hand.turn else _untaken(rules, hand)
    if problems := no_knock_after_break(rules, hand, end) or untaken:
        return problems
    if end != "break" and hand.turn is not None and by != hand.turn:
        return [_end_out_of_turn(rules, end, by, hand.turn)]
    if end != "break" or not hand.draws:
        return []
    if hand.breaker is None or hand.stock:
        return [
            Violation(
                "break-not-over",
                tr_n(
                    "The stock still holds {n} card: a hand ends by the stock only once it is "
                    "out, after the break.",
                    "The stock still holds {n} cards: a hand ends by the stock only once it is "
                    "out, after the break.",
                    hand.stock,
                ),
                rule="break",
            )
        ]
    if by != hand.breaker:
        return [
            Violation(
                "wrong-breaker",
                tr(
                    "{breaker} broke (the first to draw with {left} cards left), not {player}.",
                    breaker=rules.names[hand.breaker],
                    left=play.BREAK_AT,
                    player=rules.names[by],
                ),
                rule="break",
            )
        ]
    return []


def _end_out_of_turn(rules: Table, end: str, by: int, turn: int) -> Violation:
    """With draws recorded, a knock or gin comes right after the player's own draw (ruling
    6.2.5)."""
    names = {"player": rules.names[by], "turn": rules.names[turn]}
    if end == "gin":
        message = tr(
            "{player} cannot go gin now: {turn} drew last, so only {turn} may knock or go gin "
            "before the next draw.",
            **names,
        )
    else:
        message = tr(
            "{player} cannot knock now: {turn} drew last, so only {turn} may knock or go gin "
            "before the next draw.",
            **names,
        )
    return Violation("end-out-of-turn", message, rule="knocking")


def draw_problems(rules: Table, hand: Hand, event: Draw) -> list[Violation]:
    names = rules.names
    if hand.breaker is not None and not hand.stock:
        return [
            Violation(
                "stock-out",
                tr(
                    "The stock is out: the hand is over after {player}'s turn. Record everyone's "
                    "deadwood, or their cards.",
                    player=names[hand.turn if hand.turn is not None else hand.breaker],
                ),
                rule="break",
            )
        ]
    if problems := _untaken(rules, hand):
        return problems
    expected = turns.next_to_draw(hand)
    if event.seat != expected:
        return [
            Violation(
                "out-of-turn",
                tr(
                    "{player} cannot draw now: it is {expected}'s turn to draw.",
                    player=names[event.seat],
                    expected=names[expected],
                ),
            )
        ]
    if event.source not in ("stock", "discard"):
        return [
            Violation(
                "unknown-source",
                tr(
                    "A card is drawn from the stock or the discard pile, not '{source}'.",
                    source=event.source,
                ),
            )
        ]
    if event.source == "stock" and event.card is not None:
        return [
            Violation(
                "stock-card-named",
                tr("A card drawn from the stock is not shown: leave the card out."),
            )
        ]
    if event.source == "discard" and event.card is None and turns.breaking(hand):
        return [
            Violation(
                "discard-card-missing",
                tr(
                    "After the break the discard is taken only to meld it at once: name the "
                    "card {player} took.",
                    player=names[event.seat],
                ),
                rule="break",
            )
        ]
    if event.card is not None and event.card in _on_table(hand):
        return [_twice(event.card)]
    return _jokers(() if event.card is None else (event.card,))


def _turn_problem(rules: Table, hand: Hand, seat: int, code: str) -> list[Violation]:
    names = rules.names
    if hand.turn is None or hand.breaker is None:
        return [
            Violation(
                code,
                tr("Melds go on the table only after the break, once the breaker has drawn."),
                rule="break",
            )
        ]
    if seat != hand.turn:
        return [
            Violation(
                code,
                tr(
                    "{player} puts cards on the table in their own turn, after drawing: it is "
                    "{turn}'s turn.",
                    player=names[seat],
                    turn=names[hand.turn],
                ),
                rule="break",
            )
        ]
    return []


def meld_problems(rules: Table, hand: Hand, event: Meld) -> list[Violation]:
    if problems := _turn_problem(rules, hand, event.seat, "meld-out-of-turn"):
        return problems
    if twice := [c for c in event.cards if c in _on_table(hand)]:
        return [_twice(twice[0])]
    return _meld_shape(event.cards)


def _meld_shape(cards: tuple[Card, ...]) -> list[Violation]:
    if problems := _jokers(cards):
        return problems
    if twice := [c for c, n in Counter(cards).items() if n > 1]:
        return [_twice(twice[0])]
    try:
        classify(cards, play.MELDS)
    except MeldError:
        return [
            Violation(
                "not-a-meld",
                tr(
                    "{cards} is not a meld: three or four of a rank, or three or more in a row "
                    "in one suit, the ace low.",
                    cards=cards,
                ),
                rule="melds",
            )
        ]
    return []


def break_layoff_problems(rules: Table, hand: Hand, event: LayOff) -> list[Violation]:
    names = rules.names
    if problems := _turn_problem(rules, hand, event.seat, "layoff-out-of-turn"):
        return problems
    if event.seat == hand.breaker and hand.breaker_turns < 2:
        return [
            Violation(
                "breaker-lays-off-later",
                tr(
                    "{player} broke: they lay off only from their second turn after the break.",
                    player=names[event.seat],
                ),
                rule="break",
            )
        ]
    if not 1 <= event.meld <= len(hand.tabled):
        return [
            Violation(
                "layoff-no-meld",
                tr_n(
                    "There is {n} meld on the table: there is no meld {number}.",
                    "There are {n} melds on the table: there is no meld {number}.",
                    len(hand.tabled),
                    number=event.meld,
                ),
                rule="break",
            )
        ]
    if event.card in _on_table(hand):
        return [_twice(event.card)]
    return _fits(event.card, hand.tabled[event.meld - 1].cards)


def _fits(card: Card, meld: tuple[Card, ...]) -> list[Violation]:
    if problems := _jokers((card,)):
        return problems
    try:
        classify((*meld, card), play.MELDS)
    except MeldError:
        return [
            Violation(
                "layoff-does-not-fit",
                tr("{card} does not extend the meld {meld}.", card=card, meld=meld),
                rule="knocking",
            )
        ]
    return []


def break_rest_problems(rules: Table, hand: Hand, event: Rest) -> list[Violation]:
    """The cards each player still holds when the stock is out after the break."""
    if problems := _untaken(rules, hand) or _jokers(c for cards in event.cards for c in cards):
        return problems
    for seat in range(play.SEATS):
        wanted = play.DEALT - len(hand.put_down(seat))
        if len(event.cards[seat]) != wanted:
            problems.append(_card_count(rules.names, seat, len(event.cards[seat]), wanted))
    every = [*_on_table(hand), *(c for cards in event.cards for c in cards)]
    if twice := [c for c, n in Counter(every).items() if n > 1]:
        problems.append(_twice(twice[0]))
    return problems
