"""Ui77's words for the table screen: the prompt, the hand's parameters in plain words, the
info rows, the reminders and hand summaries."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.ui77 import play
from companion.games.ui77.events import Hand, Table, Ui77State
from companion.rules.core import Reminder
from companion.rules.text import Text, dot_list, or_quick_entry, shown, tr, tr_n, trc
from companion.rules.tricks import comma_list, name_list


def trump_text(p: play.Params) -> Text:
    if p.effective_from == 1:
        return tr("Trump {suit}, in force from trick 1", suit=p.trump)
    return tr(
        "Trump {suit}, powerless until after trick {after}",
        suit=p.trump,
        after=p.effective_from - 1,
    )


def throw_text(p: play.Params) -> Text:
    if p.throw == 0:
        return tr("no throw")
    return tr("throw up to {n}", n=p.throw)


def params_text(hand: Hand) -> Text:
    """ "Trump ♠, powerless until after trick 2; slough ♥; throw up to 3; target 4 tricks"."""
    p = play.params(hand.faceup)
    return tr(
        "{trump}; slough {slough}; {throw}; {target}",
        trump=trump_text(p),
        slough=p.slough,
        throw=throw_text(p),
        target=tr_n("target {n} trick", "target {n} tricks", p.target),
    )


def prompt(rules: Table, state: Ui77State) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    phase = rules.phase(state)
    if phase == "goal":
        return tr("Everyone has dealt once: choose the goal, a multiple of 11 above every total.")
    if hand is None:
        number = len(state.done) + 1
        if state.next_dealer is None:
            return tr(
                "Who deals hand {number}? Record the deal and the three face-up cards.",
                number=number,
            )
        goal, totals = state.goal, rules.scores(state)
        if goal is not None and max(totals) > goal * rules.points_scale:  # a tie played on
            low = min(totals)
            return tr(
                "{players} share the lowest total past the goal: play on (house rule). "
                "{player} deals hand {number}.",
                players=name_list([names[s] for s, t in enumerate(totals) if t == low]),
                player=names[state.next_dealer],
                number=number,
            )
        return tr(
            "{player} deals hand {number}: record the three face-up cards.",
            player=names[state.next_dealer],
            number=number,
        )
    first = names[(hand.dealer + 1) % rules.n_seats]
    if phase == "discards":
        if "swap" in rules.expects(state):
            return or_quick_entry(
                tr(
                    "All three face-up cards share a suit: record any swaps, in turn from "
                    "{player}, then the discards.",
                    player=first,
                )
            )
        return or_quick_entry(tr("Record the discards, in turn from {player}.", player=first))
    if phase == "play":
        number = len(hand.tricks) + 1
        leader = names[rules.leader(hand)]
        if number <= play.DRAW_DECK:
            return tr(
                "{player} leads trick {number}; its winner draws a card.",
                player=leader,
                number=number,
            )
        return tr("{player} leads trick {number}.", player=leader, number=number)
    out = [names[s] for s, n in enumerate(rules.held(hand)) if n == 0]
    return tr(
        "{players} played their last card: record how many slough cards each player still holds.",
        players=name_list(out),
    )


def info(rules: Table, state: Ui77State) -> list[tuple[str, str]]:
    names, hand = rules.names, state.hand
    totals = rules.scores(state)
    if state.goal is None:
        after = rules.n_seats
        goal = (
            tr("not chosen yet: choose it now")
            if rules.phase(state) == "goal"
            else tr_n(
                "chosen after hand {n}, once everyone has dealt",
                "chosen after hand {n}, once everyone has dealt",
                after,
            )
        )
        rows: list[tuple[str, str]] = [
            (trc("info", "Goal"), goal),
            (
                trc("info", "Totals"),
                dot_list(
                    [
                        tr("{player} {score}", player=n, score=rules.shown_points(t))
                        for n, t in zip(names, totals, strict=True)
                    ]
                ),
            ),
        ]
    else:
        rows = [
            (trc("info", "Goal"), shown(state.goal)),
            (
                tr("To the goal"),
                dot_list(
                    [
                        tr(
                            "{player} {left}",
                            player=n,
                            left=rules.shown_points(state.goal * rules.points_scale - t),
                        )
                        for n, t in zip(names, totals, strict=True)
                    ]
                ),
            ),
        ]
    if hand is None:
        nxt = state.next_dealer
        if nxt is not None and rules.outcome(state) is None:
            rows.insert(0, (tr("Next dealer"), names[nxt]))
        return rows
    phase = rules.phase(state)
    head = [
        (trc("info", "Hand"), shown(hand.number)),
        (trc("info", "Dealer"), names[hand.dealer]),
        (trc("info", "Face up"), shown(hand.faceup)),
        (trc("info", "This hand"), params_text(hand)),
    ]
    if hand.cut:
        head.append((trc("info", "Cut penalty"), name_list([names[s] for s in hand.cut])))
    if phase == "discards":
        head.append((trc("info", "First to discard"), names[(hand.dealer + 1) % rules.n_seats]))
        return [*head, *rows]
    assert hand.discards is not None
    held, won = rules.held(hand), rules.won(hand)
    p = play.params(hand.faceup)
    if phase == "play":
        head.append((trc("info", "Leads"), names[rules.leader(hand)]))
        number = len(hand.tricks) + 1
        power = (
            tr("trump has power in trick {number}", number=number)
            if number >= p.effective_from
            else tr("trump has no power in trick {number}", number=number)
        )
        broken = tr("trump is broken") if hand.broken else tr("trump may not be led yet")
        head.append((trc("info", "Trump now"), tr("{power}; {broken}", power=power, broken=broken)))
    head.append(
        (
            trc("info", "Tricks"),
            dot_list(
                [
                    tr("{player} {n} of {target}", player=names[s], n=won[s], target=p.target)
                    for s in range(rules.n_seats)
                ]
            ),
        )
    )
    head.append(
        (
            trc("info", "Cards held"),
            dot_list(
                [tr("{player} {n}", player=names[s], n=held[s]) for s in range(rules.n_seats)]
            ),
        )
    )
    return [*head, *rows]


def reminders(rules: Table, state: Ui77State) -> list[Reminder]:
    """This hand's parameters, trump's power and lead, following suit, the draws, scoring."""
    hand = state.hand
    out: list[Reminder] = []
    if state.goal is not None and rules.outcome(state) is None:
        out.append(
            Reminder(
                tr("Go Nov"),
                tr(
                    "a total of exactly {goal} becomes the average of the others; above {goal} "
                    "the game ends and the lowest total wins",
                    goal=state.goal,
                ),
                "go-nov",
            )
        )
    if hand is None or rules.outcome(state) is not None:
        return out
    p = play.params(hand.faceup)
    order = (
        tr("A K Q J 10 9 8 7 6 5 4 3 2, ace high")
        if not rules.options.ace_low
        else tr("K Q J 10 9 8 7 6 5 4 3 2 A, ace low")
    )
    lead_rule = (
        tr("trump may not be led until a trump has been played to a trick")
        if rules.options.broken_by == "any"
        else tr("trump may not be led until a trump has been played once it has power")
    )
    return [
        Reminder(tr("This hand"), params_text(hand), "determinations"),
        Reminder(
            tr("Trump {suit}", suit=p.trump),
            tr("{power}; {lead}", power=trump_text(p), lead=lead_rule),
            "trump",
        ),
        Reminder(tr("Card order"), order, "play"),
        Reminder(
            tr("Follow suit"),
            tr("play the suit led if you can; otherwise any card"),
            "play",
        ),
        Reminder(
            tr("Draws"),
            tr(
                "the winners of tricks 1 to 4 each draw a card; the hand ends when a player "
                "has no card left"
            ),
            "draw",
        ),
        Reminder(
            tr("Scoring"),
            tr_n(
                "the distance from {n} trick, plus 1 for each card left that is not a {slough}",
                "the distance from {n} tricks, plus 1 for each card left that is not a {slough}",
                p.target,
                slough=p.slough,
            ),
            "scoring",
        ),
        *out,
    ]


def hand_summary(
    rules: Table,
    hand: Hand,
    tricks: Sequence[int],
    card_by_card: bool,
) -> Text:
    names = rules.names
    counts = comma_list([tr("{player} {n}", player=names[s], n=t) for s, t in enumerate(tricks)])
    values = {
        "dealer": names[hand.dealer],
        "faceup": hand.faceup,
        "params": params_text(hand),
        "tricks": counts,
    }
    if card_by_card:
        return tr("{dealer} dealt {faceup}: {params}; tricks {tricks} — card by card", **values)
    return tr("{dealer} dealt {faceup}: {params}; tricks {tricks}", **values)
