"""What the Belote screen says: the house options, the prompt, the info rows, hand summaries
and the reminders."""

from __future__ import annotations

from companion.games.belote.cards import (
    CARD_POINTS,
    HAND_POINTS,
    LAST_TRICK,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    meld_name,
    trick_points,
)
from companion.games.belote.events import BeloteState, Hand, Table
from companion.games.belote.score import HandFacts
from companion.rules.cards import Suit
from companion.rules.core import Option, Reminder
from companion.rules.text import Text, or_quick_entry, shown, tr, tr_n, trc
from companion.rules.tricks import order_text

NO, YES = ((False, trc("choice", "no")), (True, trc("choice", "yes")))


def _number(n: int) -> Text:
    """A number on its own (an info row's value, a choice), written the language's way."""
    return shown(n)


OPTION_INFO = (
    Option(
        "direction",
        tr("Direction of play"),
        tr("Which way the bidding, the play and the deal go round (rulings 1.1 #2)."),
        (
            ("left", tr("to the left (clockwise)")),
            ("right", tr("to the right (the French tradition)")),
        ),
    ),
    Option(
        "declarations",
        tr("Declarations"),
        tr("Which declarations the table plays with (rulings 1.2 #6, 1.3 #13)."),
        (
            ("all", tr("carrés, sequences and belote")),
            ("belote", tr("belote-rebelote only")),
            ("none", tr("none at all")),
        ),
    ),
    Option(
        "belote_announced",
        tr("Belote only if announced"),
        tr(
            "Does belote-rebelote count only when the player said so while playing the king and "
            "queen? (rulings 1.3 #10)."
        ),
        (NO, YES),
    ),
    Option(
        "contract",
        tr("Contract test"),
        tr("What the takers must beat the defenders on (rulings 1.1 #3, 1.3 #2)."),
        (
            ("tricks", tr("trick points only: 82 of 162")),
            ("with-declarations", tr("trick points plus declarations and belote")),
        ),
    ),
    Option(
        "ties",
        tr("Equal points"),
        tr("What happens when the takers only equal the defenders (rulings 1.1 #5, 1.3 #3)."),
        (
            ("fail", tr("the contract fails")),
            ("litige", tr("litige: the takers' points wait for the winner of the next hand")),
        ),
    ),
    Option(
        "belote_on_failure",
        tr("Belote on a failed contract"),
        tr("Who scores the takers' belote when their contract fails (rulings 1.1 #4, 1.3 #4)."),
        (("kept", tr("the takers keep it")), ("transferred", tr("it goes to the defenders"))),
    ),
    Option(
        "capot",
        tr("Capot"),
        tr("What a team taking every trick scores instead of its trick points (rulings 1.1 #6)."),
        ((252, tr("252 (162 + 90)")), (250, _number(250))),
    ),
    Option(
        "trump_lead",
        tr("Trump lead"),
        tr(
            "When trumps are led, must the others play a higher trump even while their partner is "
            "winning? (rulings 1.1 #7, 1.3 #5)."
        ),
        (
            ("opponent", tr("only while an opponent is winning")),
            ("always", tr("always, whoever is winning")),
        ),
    ),
    Option(
        "equal_sequences",
        tr("Equal best sequences"),
        tr(
            "Both teams' best declarations are equal sequences, neither in trumps "
            "(rulings 1.1 #9, 1.3 #8)."
        ),
        (
            ("priority", tr("the player nearer the dealer's left wins")),
            ("cancel", tr("they cancel: no carré or sequence counts")),
        ),
    ),
    Option(
        "shared_card",
        tr("A card in a carré and a sequence"),
        tr("May one card count in a carré and in a sequence at the same time? (rulings 1.3 #9)."),
        (YES, NO),
    ),
    Option(
        "rounding",
        tr("Rounding"),
        tr("How hand scores are rounded to tens (rulings 1.1 #10, 1.3 #11)."),
        (
            ("half-up", tr("each team to the nearest ten, 5 up")),
            ("seven-up", tr("each team, 7, 8 and 9 up")),
            ("complement", tr("the takers to the nearest ten, the defenders get 160 minus that")),
            ("none", tr("no rounding")),
        ),
    ),
    Option(
        "target",
        tr("Game to"),
        tr("The score that ends the game (rulings 1.2 #10)."),
        ((1000, _number(1000)), (501, _number(501)), (701, _number(701)), (2000, _number(2000))),
    ),
    Option(
        "both_over",
        tr("Both teams reach the target"),
        tr("Who wins when both teams pass the target on the same hand (rulings 1.3 #12)."),
        (("tie", tr("nobody: it is a tie")), ("higher", tr("the higher total"))),
    ),
)


def prompt(rules: Table, state: BeloteState) -> str:
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {winners}", winners=rules.winners_text(end))
    names, hand = rules.names, state.hand
    if hand is None:
        if state.next_dealer is None:
            return tr("Who deals first? Record the deal.")
        return tr(
            "{player} deals hand {n}.", player=names[state.next_dealer], n=len(state.done) + 1
        )
    if hand.taker is None:
        return _bidding_prompt(rules.names[rules.bidder(hand)], hand)
    number, leader = len(hand.tricks) + 1, names[rules.leader(hand)]
    if number == 1 and rules.options.declarations == "all":
        return tr(
            "{player} leads trick {n} of 8. Declarations go in before trick 2.",
            player=leader,
            n=number,
        )
    return tr("{player} leads trick {n} of 8.", player=leader, n=number)


def _bidding_prompt(bidder: str, hand: Hand) -> Text:
    suit = hand.upcard.suit if hand.upcard else None
    if len(hand.bids) >= 4:
        if suit is None:
            return tr("Bidding, round 2: {player} may name a suit or pass.", player=bidder)
        return tr(
            "Bidding, round 2: {player} may name a suit other than {suit} or pass.",
            player=bidder,
            suit=suit,
        )
    if hand.bids:
        if suit is None:
            return tr(
                "Bidding, round 1: {player} may take the upcard's suit or pass.", player=bidder
            )
        return tr("Bidding, round 1: {player} may take {suit} or pass.", player=bidder, suit=suit)
    if suit is None:
        step = tr("Bidding, round 1: {player} may take the upcard's suit or pass.", player=bidder)
    else:
        step = tr("Bidding, round 1: {player} may take {suit} or pass.", player=bidder, suit=suit)
    return or_quick_entry(step)


def info(rules: Table, state: BeloteState) -> list[tuple[str, str]]:
    names, hand = rules.names, state.hand
    rows: list[tuple[str, str]] = []
    teams = [rules.team_name(t) for t in rules.teams()]
    if hand is not None:
        rows.append((tr("Dealer"), names[hand.dealer]))
        if hand.upcard is not None:
            rows.append((tr("Upcard"), shown(hand.upcard)))
        if hand.taker is not None:
            rows += _contract_rows(rules, hand, teams)
    totals = rules.scores(state)
    target = rules.options.target
    for team, total in zip(teams, totals, strict=True):
        rows.append(
            (tr("{team} to {target}", team=team, target=target), _number(max(0, target - total)))
        )
    if state.pot:
        rows.append(
            (
                tr("Litige waiting"),
                tr_n(
                    "{n} point for the winner of the next hand",
                    "{n} points for the winner of the next hand",
                    state.pot,
                ),
            )
        )
    return rows


def _contract_rows(rules: Table, hand: Hand, teams: list[str]) -> list[tuple[str, str]]:
    assert hand.taker is not None and hand.trump is not None
    names, t_team = rules.names, hand.taker % 2
    rows: list[tuple[str, str]] = [
        (
            tr("Contract"),
            tr(
                "{team}, {suit} ({player}, round {n})",
                team=teams[t_team],
                suit=hand.trump,
                player=names[hand.taker],
                n=hand.round,
            ),
        ),
        (tr("Leads"), names[rules.leader(hand)]),
    ]
    got = [0, 0]
    for trick in hand.tricks:
        got[trick.winner % 2] += trick_points(trick.cards, hand.trump)
    rows += [
        (tr("{team} trick points", team=team), _number(got[i])) for i, team in enumerate(teams)
    ]
    need = rules.needed(hand)
    have, theirs = got[t_team], got[1 - t_team]
    if have >= need:
        still = tr("nothing: made ({have} of {need})", have=have, need=need)
    elif need > HAND_POINTS - theirs:
        still = tr("out of reach ({need} needed)", need=need)
    elif have == 0:
        still = shown(need)  # "82", not "82 more (of 82)"
    else:
        still = tr("{more} more (of {need})", more=need - have, need=need)
    rows.append((tr("{team} need", team=teams[t_team]), still))
    items = [
        tr("{player}: {meld}", player=names[s], meld=meld_name(c, hand.trump))
        for s, c in hand.melds
    ]
    if hand.belote is not None:
        items.append(tr("{player}: belote", player=names[hand.belote]))
    if items:
        declared = items[0]
        for item in items[1:]:
            declared = tr("{list} · {item}", list=declared, item=item)
        rows.append((tr("Declared"), declared))
    return rows


def hand_summary(rules: Table, hand: Hand, facts: HandFacts, result: str) -> str:
    t_team = facts.taker % 2
    mine, theirs = facts.points[t_team], facts.points[1 - t_team]
    if result == "made":
        outcome = tr("made, {mine} to {theirs}", mine=mine, theirs=theirs)
    elif result == "capot":
        outcome = trc("hand result", "capot")
    elif result == "failed":
        outcome = tr("failed, {mine} to {theirs}", mine=mine, theirs=theirs)
    else:
        outcome = tr("litige, {mine} all", mine=mine)
    player, trump = rules.names[facts.taker], facts.trump
    if hand.round and hand.tricks:
        return tr(
            "{player} took {suit} in round {n} — {result} (card by card)",
            player=player,
            suit=trump,
            n=hand.round,
            result=outcome,
        )
    if hand.round:
        return tr(
            "{player} took {suit} in round {n} — {result}",
            player=player,
            suit=trump,
            n=hand.round,
            result=outcome,
        )
    if hand.tricks:
        return tr(
            "{player} took {suit} — {result} (card by card)",
            player=player,
            suit=trump,
            result=outcome,
        )
    return tr("{player} took {suit} — {result}", player=player, suit=trump, result=outcome)


def reminders(rules: Table, state: BeloteState) -> list[Reminder]:
    """Card orders and values while a hand is on; the duties of play once trump is known."""
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    trump = hand.trump
    if trump is None:
        trump_label = tr("The trump suit, high to low (card points)")
        others_label = tr("The other suits, high to low")
    else:
        a, b, c = (s for s in Suit if s != trump)
        trump_label = tr("Trump {suit}, high to low (card points)", suit=trump)
        others_label = tr("{a} {b} {c}, high to low", a=a, b=b, c=c)
    out = [
        Reminder(trump_label, order_text(TRUMP_ORDER, TRUMP_POINTS), "ranks"),
        Reminder(others_label, order_text(PLAIN_ORDER, PLAIN_POINTS), "ranks"),
        Reminder(
            tr("Points in a hand"),
            tr(
                "{cards} in the cards + {last} for the last trick = {total}",
                cards=CARD_POINTS,
                last=LAST_TRICK,
                total=HAND_POINTS,
            ),
            "card-points",
        ),
    ]
    if trump is None:
        return out
    if rules.options.trump_lead == "always":
        trump_lead = tr("play a trump, higher than every trump in the trick if you can")
    else:
        trump_lead = tr(
            "play a trump, higher than every trump in the trick if you can; with your partner "
            "winning, any trump"
        )
    return [
        *out,
        Reminder(
            tr("Out of the suit led"),
            tr(
                "an opponent winning: trump, over any trump already in the trick if you can; "
                "your partner winning: play anything"
            ),
            "must-trump",
        ),
        Reminder(tr("{suit} led", suit=trump), trump_lead, "trump-lead"),
    ]
