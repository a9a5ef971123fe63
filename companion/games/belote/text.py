"""What the Belote screen says: the house options, the prompt, the info rows, hand summaries
and the message for an entry that comes at the wrong moment."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.games.belote.cards import (
    CARD_POINTS,
    HAND_POINTS,
    LAST_TRICK,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    trick_points,
)
from companion.games.belote.checks import meld_name
from companion.games.belote.events import BeloteState, Hand
from companion.games.belote.score import BeloteOptions, HandFacts
from companion.rules.cards import Suit
from companion.rules.core import Option, Outcome, Reminder, Violation
from companion.rules.events import Event
from companion.rules.tricks import order_text


class Belote(Protocol):
    """What this module needs of the rules (``game.Belote`` has it all), so it never imports
    the game module."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> BeloteOptions: ...

    def outcome(self, state: BeloteState) -> Outcome | None: ...

    def winners_text(self, end: Outcome) -> str: ...

    def scores(self, state: BeloteState) -> tuple[int, ...]: ...

    def teams(self) -> tuple[tuple[int, ...], ...]: ...

    def team_name(self, team: Sequence[int]) -> str: ...

    def bidder(self, hand: Hand) -> int: ...

    def leader(self, hand: Hand) -> int: ...

    def needed(self, hand: Hand) -> int: ...


NO, YES = ((False, "no"), (True, "yes"))
ENTRY_NOUNS = {
    "deal": "A deal",
    "bid": "A bid",
    "redeal": "A redeal",
    "declare": "A declaration",
    "belote": "A belote announcement",
    "trick": "A trick",
    "result": "A quick entry",
}

OPTION_INFO = (
    Option(
        "direction",
        "Direction of play",
        "Which way the bidding, the play and the deal go round (rulings 1.1 #2).",
        (("left", "to the left (clockwise)"), ("right", "to the right (the French tradition)")),
    ),
    Option(
        "declarations",
        "Declarations",
        "Which declarations the table plays with (rulings 1.2 #6, 1.3 #13).",
        (
            ("all", "carrés, sequences and belote"),
            ("belote", "belote-rebelote only"),
            ("none", "none at all"),
        ),
    ),
    Option(
        "belote_announced",
        "Belote only if announced",
        "Does belote-rebelote count only when the player said so while playing the king and "
        "queen? (rulings 1.3 #10).",
        (NO, YES),
    ),
    Option(
        "contract",
        "Contract test",
        "What the takers must beat the defenders on (rulings 1.1 #3, 1.3 #2).",
        (
            ("tricks", "trick points only: 82 of 162"),
            ("with-declarations", "trick points plus declarations and belote"),
        ),
    ),
    Option(
        "ties",
        "Equal points",
        "What happens when the takers only equal the defenders (rulings 1.1 #5, 1.3 #3).",
        (
            ("fail", "the contract fails"),
            ("litige", "litige: the takers' points wait for the winner of the next hand"),
        ),
    ),
    Option(
        "belote_on_failure",
        "Belote on a failed contract",
        "Who scores the takers' belote when their contract fails (rulings 1.1 #4, 1.3 #4).",
        (("kept", "the takers keep it"), ("transferred", "it goes to the defenders")),
    ),
    Option(
        "capot",
        "Capot",
        "What a team taking every trick scores instead of its trick points (rulings 1.1 #6).",
        ((252, "252 (162 + 90)"), (250, "250")),
    ),
    Option(
        "trump_lead",
        "Trump lead",
        "When trumps are led, must the others play a higher trump even while their partner is "
        "winning? (rulings 1.1 #7, 1.3 #5).",
        (
            ("opponent", "only while an opponent is winning"),
            ("always", "always, whoever is winning"),
        ),
    ),
    Option(
        "equal_sequences",
        "Equal best sequences",
        "Both teams' best declarations are equal sequences, neither in trumps "
        "(rulings 1.1 #9, 1.3 #8).",
        (
            ("priority", "the player nearer the dealer's left wins"),
            ("cancel", "they cancel: no carré or sequence counts"),
        ),
    ),
    Option(
        "shared_card",
        "A card in a carré and a sequence",
        "May one card count in a carré and in a sequence at the same time? (rulings 1.3 #9).",
        (YES, NO),
    ),
    Option(
        "rounding",
        "Rounding",
        "How hand scores are rounded to tens (rulings 1.1 #10, 1.3 #11).",
        (
            ("half-up", "each team to the nearest ten, 5 up"),
            ("seven-up", "each team, 7, 8 and 9 up"),
            ("complement", "the takers to the nearest ten, the defenders get 160 minus that"),
            ("none", "no rounding"),
        ),
    ),
    Option(
        "target",
        "Game to",
        "The score that ends the game (rulings 1.2 #10).",
        ((1000, "1000"), (501, "501"), (701, "701"), (2000, "2000")),
    ),
    Option(
        "both_over",
        "Both teams reach the target",
        "Who wins when both teams pass the target on the same hand (rulings 1.3 #12).",
        (("tie", "nobody: it is a tie"), ("higher", "the higher total")),
    ),
)


def prompt(rules: Belote, state: BeloteState) -> str:
    if (end := rules.outcome(state)) is not None:
        return "Game over: " + rules.winners_text(end)
    names, hand = rules.names, state.hand
    if hand is None:
        if state.next_dealer is None:
            return "Who deals first? Record the deal."
        return f"{names[state.next_dealer]} deals hand {len(state.done) + 1}."
    if hand.taker is None:
        bidder, up = names[rules.bidder(hand)], hand.upcard
        if len(hand.bids) < 4:
            take = f"take {up.suit.symbol}" if up and up.suit else "take the upcard's suit"
            text = f"Bidding, round 1: {bidder} may {take} or pass."
        else:
            other = f"other than {up.suit.symbol} " if up and up.suit else ""
            text = f"Bidding, round 2: {bidder} may name a suit {other}or pass."
        if not hand.bids:
            text += " Or enter the whole hand at once (quick entry)."
        return text
    number = len(hand.tricks) + 1
    text = f"{names[rules.leader(hand)]} leads trick {number} of 8."
    if number == 1 and rules.options.declarations == "all":
        text += " Declarations go in before trick 2."
    return text


def info(rules: Belote, state: BeloteState) -> list[tuple[str, str]]:
    names, hand, rows = rules.names, state.hand, []
    teams = [rules.team_name(t) for t in rules.teams()]
    if hand is not None:
        rows.append(("Dealer", names[hand.dealer]))
        if hand.upcard is not None:
            rows.append(("Upcard", hand.upcard.label))
        if hand.taker is not None:
            rows += _contract_rows(rules, hand, teams)
    totals = rules.scores(state)
    target = rules.options.target
    for team, total in zip(teams, totals, strict=True):
        rows.append((f"{team} to {target}", str(max(0, target - total))))
    if state.pot:
        rows.append(("Litige waiting", f"{state.pot} points for the winner of the next hand"))
    return rows


def _contract_rows(rules: Belote, hand: Hand, teams: list[str]) -> list[tuple[str, str]]:
    assert hand.taker is not None and hand.trump is not None
    names, t_team = rules.names, hand.taker % 2
    rows = [
        (
            "Contract",
            f"{teams[t_team]}, {hand.trump.symbol} ({names[hand.taker]}, round {hand.round})",
        ),
        ("Leads", names[rules.leader(hand)]),
    ]
    got = [0, 0]
    for trick in hand.tricks:
        got[trick.winner % 2] += trick_points(trick.cards, hand.trump)
    rows += [(f"{team} trick points", str(got[i])) for i, team in enumerate(teams)]
    need = rules.needed(hand)
    have, theirs = got[t_team], got[1 - t_team]
    if have >= need:
        still = f"nothing: made ({have} of {need})"
    elif need > HAND_POINTS - theirs:
        still = f"out of reach ({need} needed)"
    else:
        still = f"{need - have} more (of {need})"
    rows.append((f"{teams[t_team]} need", still))
    if hand.melds or hand.belote is not None:
        shown = [f"{names[s]}: {meld_name(c, hand.trump)}" for s, c in hand.melds]
        shown += [f"{names[hand.belote]}: belote"] if hand.belote is not None else []
        rows.append(("Declared", " · ".join(shown)))
    return rows


def unexpected(rules: Belote, state: BeloteState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return Violation("game-over", "The game is over: nothing more can be recorded.")
    hand, kind = state.hand, event.kind
    declarations = rules.options.declarations
    if hand is not None and kind in ("declare", "belote"):
        if kind == "declare" and declarations != "all" or declarations == "none":
            what = "carrés and sequences" if kind == "declare" else "belote"
            return Violation(
                "declarations-off",
                f"This table does not score {what} (house rule).",
                rule="declarations",
            )
        if kind == "declare" and hand.taker is not None:
            return Violation(
                "declare-late",
                "Carrés and sequences are announced with the first trick: it is too late once "
                "the second trick is under way.",
                rule="declarations",
            )
    if hand is None:
        what = "the deal of the next hand"
    elif hand.taker is None and kind == "result":
        return Violation(
            "out-of-order",
            "The bidding is being recorded bid by bid, so finish it and record the tricks "
            "(or cancel the bids to use quick entry).",
            rule="recording",
        )
    elif hand.taker is None:
        what = f"the bidding ({rules.names[rules.bidder(hand)]} to speak)"
    elif kind == "result":
        return Violation(
            "out-of-order",
            "The bidding was recorded bid by bid, so record this hand trick by trick.",
            rule="recording",
        )
    else:
        what = f"trick {len(hand.tricks) + 1}"
    noun = ENTRY_NOUNS.get(kind, f"A {kind}")
    return Violation("out-of-order", f"{noun} cannot be recorded now: expecting {what}.")


def hand_summary(rules: Belote, hand: Hand, facts: HandFacts, result: str) -> str:
    names = rules.names
    t_team = facts.taker % 2
    mine, theirs = facts.points[t_team], facts.points[1 - t_team]
    when = f" in round {hand.round}" if hand.round else ""
    text = f"{names[facts.taker]} took {facts.trump.symbol}{when} — "
    text += {
        "made": f"made, {mine} to {theirs}",
        "capot": "capot",
        "failed": f"failed, {mine} to {theirs}",
        "litige": f"litige, {mine} all",
    }[result]
    if hand.tricks:
        text += " (card by card)"
    return text


def reminders(rules: Belote, state: BeloteState) -> list[Reminder]:
    """Card orders and values while a hand is on; the duties of play once trump is known."""
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    trump = hand.trump
    others = " ".join(s.symbol for s in Suit if s != trump) if trump else ""
    out = [
        Reminder(
            f"Trump {trump.symbol}, high to low (card points)"
            if trump
            else "The trump suit, high to low (card points)",
            order_text(TRUMP_ORDER, TRUMP_POINTS),
            "ranks",
        ),
        Reminder(
            f"{others}, high to low" if trump else "The other suits, high to low",
            order_text(PLAIN_ORDER, PLAIN_POINTS),
            "ranks",
        ),
        Reminder(
            "Points in a hand",
            f"{CARD_POINTS} in the cards + {LAST_TRICK} for the last trick = {HAND_POINTS}",
            "card-points",
        ),
    ]
    if trump is None:
        return out
    partner = (
        "" if rules.options.trump_lead == "always" else "; with your partner winning, any trump"
    )
    return [
        *out,
        Reminder(
            "Out of the suit led",
            "an opponent winning: trump, over any trump already in the trick if you can; "
            "your partner winning: play anything",
            "must-trump",
        ),
        Reminder(
            f"{trump.symbol} led",
            f"play a trump, higher than every trump in the trick if you can{partner}",
            "trump-lead",
        ),
    ]
