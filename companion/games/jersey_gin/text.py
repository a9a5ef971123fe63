"""Jersey Gin's words for the table screen: the prompt, the info rows, the reminders, the hand
summaries and the score lines' labels."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games import rummy
from companion.games.jersey_gin import play, turns
from companion.games.jersey_gin.events import Hand, JerseyGinState, Table
from companion.rules.cards import Card
from companion.rules.core import Reminder, who_deals
from companion.rules.text import Text, dot_list, shown, tr, tr_n, trc


def numbered_melds(melds: Sequence[tuple[Card, ...]]) -> str:
    """``1: 7♠ 7♥ 7♦ · 2: 5♥ 6♥ 7♥``: the knocker's melds as lay-offs name them."""
    if not melds:
        return tr("no meld")
    return dot_list([tr("{number}: {meld}", number=i, meld=m) for i, m in enumerate(melds, 1)])


def prompt(rules: Table, state: JerseyGinState) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        return who_deals(names, state)
    if hand.shown is not None:
        player = names[hand.shown.by]
        if hand.shown.end == "gin":
            return tr("{player} went gin: enter the cards the two others hold.", player=player)
        first = names[(hand.shown.by + 1) % play.SEATS]
        if rules.options.layoff_targets == "any":
            return tr(
                "{player} knocked: record the melds the two others lay down, then each card "
                "laid off ({first} first), then the cards the two others still hold.",
                player=player,
                first=first,
            )
        return tr(
            "{player} knocked: record each card laid off on their melds ({first} first), then "
            "the cards the two others still hold.",
            player=player,
            first=first,
        )
    if hand.breaker is not None and not hand.stock:
        return tr(
            "The stock is out: when {player} has discarded, record everyone's deadwood, or the "
            "cards each still holds.",
            player=names[hand.turn if hand.turn is not None else hand.breaker],
        )
    if hand.breaker is not None:
        return tr(
            "The break: {player} broke. No knocking; a discard is taken only into a meld. "
            "Record each draw, the melds laid on the table and the cards laid off.",
            player=names[hand.breaker],
        )
    return tr(
        "Hand {number}: when someone knocks or goes gin, or the stock runs out after the break, "
        "record how the hand ended and everyone's deadwood.",
        number=hand.number,
    )


def info(rules: Table, state: JerseyGinState) -> list[tuple[str, str]]:
    names = rules.names
    standing = rummy.standing(names, rules.scores(state))
    boxes = (
        tr("Hands won"),
        dot_list(
            [tr("{player} {n}", player=n, n=b) for n, b in zip(names, state.boxes, strict=True)]
        ),
    )
    rows: list[tuple[str, str]] = []
    if state.hand is not None and state.hand.shown is not None:
        shown_hand = state.hand.shown
        rows.append((tr("Knocker's melds"), numbered_melds(shown_hand.melds)))
        rows.append(
            (
                tr("Knocker's deadwood"),
                tr("{cards}: {points}", cards=shown_hand.deadwood, points=shown_hand.deadwood_value)
                if shown_hand.deadwood
                else tr("none"),
            )
        )
        if state.hand.tabled:  # option "any": the defenders' melds, numbered on from the knocker's
            laid_down = tabled_text(rules, state.hand, len(shown_hand.melds) + 1)
            rows.append((tr("Defenders' melds"), laid_down))
    if state.hand is not None:
        rows += [
            (trc("info", "Hand"), shown(state.hand.number)),
            (trc("info", "Dealer"), names[state.hand.dealer]),
            (trc("info", "Stock"), stock_text(rules, state.hand)),
            *play_rows(rules, state.hand),
        ]
    elif state.next_dealer is not None and rules.outcome(state) is None:
        rows.append((tr("Next dealer"), names[state.next_dealer]))
    return [*rows, standing, boxes]


def stock_text(rules: Table, hand: Hand) -> Text:
    """The live stock count when draws are recorded, and when the break comes (or who broke)."""
    if not hand.draws:
        return tr(
            "{stock} cards after the deal; the break comes when {left} are left",
            stock=play.STOCK,
            left=play.BREAK_AT,
        )
    if hand.breaker is None:
        return tr_n(
            "{n} card left; the break comes in {draws} more draws from it",
            "{n} cards left; the break comes in {draws} more draws from it",
            hand.stock,
            draws=hand.stock - play.BREAK_AT,
        )
    if hand.stock:
        return tr_n(
            "{n} card left; the break: {player} broke",
            "{n} cards left; the break: {player} broke",
            hand.stock,
            player=rules.names[hand.breaker],
        )
    return tr("empty: the hand ends with this turn")


def tabled_text(rules: Table, hand: Hand, first: int) -> str:
    """``4: Bob 10♠ J♠ Q♠ · 5: Cat K♥ K♦ K♣``: the melds laid down, numbered from ``first``."""
    parts = [
        tr("{number}: {player} {meld}", number=i, player=rules.names[t.seat], meld=t.cards)
        for i, t in enumerate(hand.tabled, first)
    ]
    return dot_list(parts)


def play_rows(rules: Table, hand: Hand) -> list[tuple[str, str]]:
    """Whose turn it is, and the melds on the table after the break, numbered for lay-offs."""
    names = rules.names
    if hand.turn is None or hand.shown is not None:
        return []
    player = names[hand.turn]
    rows: list[tuple[str, str]] = [
        (
            tr("Turn"),
            tr(
                "{player} drew; {next} draws next",
                player=player,
                next=names[turns.next_to_draw(hand)],
            )
            if hand.stock or hand.breaker is None
            else tr("{player} drew the last card", player=player),
        )
    ]
    if hand.tabled:
        rows.append((tr("Melds on the table"), tabled_text(rules, hand, 1)))
    return rows


def reminders(rules: Table, state: JerseyGinState) -> list[Reminder]:
    if rules.outcome(state) is not None:
        return []
    options = rules.options
    tie = (
        tr("a defender level with the knocker underknocks")
        if options.knock_tie == "defender"
        else tr("the knocker wins a tie with a defender")
    )
    targets = (
        tr("on the knocker's melds and each other's")
        if options.layoff_targets == "any"
        else tr("on the knocker's melds")
    )
    return [
        Reminder(
            tr("Melds"),
            tr(
                "three or four of a rank, or three or more in a row in one suit; the ace is low "
                "only"
            ),
            "melds",
        ),
        Reminder(
            tr("Knocking"),
            tr(
                "with {limit} or less; the other two lay off {targets}, the knocker's left "
                "first; {tie}",
                limit=play.KNOCK_LIMIT,
                targets=targets,
                tie=tie,
            ),
            "knocking",
        ),
        Reminder(
            tr("Underknock"),
            tr(
                "the lowest defender scores the differences plus {bonus}",
                bonus=play.UNDERKNOCK_BONUS,
            ),
            "underknock",
        ),
        Reminder(
            tr("Gin"),
            tr("both opponents' deadwood plus {bonus}; no laying off", bonus=play.GIN_BONUS),
            "gin",
        ),
        Reminder(
            tr("The break"),
            tr(
                "at {left} cards left in the stock: no knocking, a discard taken only into a "
                "meld, melds laid down; the lowest count at the end scores",
                left=play.BREAK_AT,
            ),
            "break",
        ),
    ]


def hand_summary(rules: Table, dealer: int, end: str, by: int, scorer: int, how: str) -> Text:
    names = rules.names
    values = {"dealer": names[dealer], "player": names[by], "scorer": names[scorer]}
    if how == "gin":
        return tr("{dealer} dealt; {player} went gin", **values)
    if how == "underknock":
        return tr("{dealer} dealt; {player} knocked, {scorer} underknocked", **values)
    if how == "knock":
        return tr("{dealer} dealt; {player} knocked and won the hand", **values)
    if end == "break":
        return tr("{dealer} dealt; {player} broke; {scorer} had the lowest count", **values)
    return tr("{dealer} dealt", **values)
