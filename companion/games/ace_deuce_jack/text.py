"""Ace-Deuce-Jack's words: the draw for the first bank, the hands left in a bank, the bets placed
and the bank's edge, the piles turned; a settled hand's lines and summary. The bank's rows are
``banking.bank_rows``'s."""

from __future__ import annotations

from decimal import Decimal

from companion.games.ace_deuce_jack import play
from companion.games.ace_deuce_jack.events import AceDeuceJackState, Played, Table
from companion.rules import banking
from companion.rules.core import HandScore, Reminder, ScoreLine
from companion.rules.money import Chips
from companion.rules.text import Text, shown, tr, tr_n


def prompt(rules: Table, state: AceDeuceJackState) -> str:
    """What the table records next."""
    if state.ended:
        return banking.session_over()
    if state.limits is None:
        if state.first_banker is not None:
            return tr(
                "{banker} drew the highest card and banks first: the smallest and largest bet?",
                banker=rules.names[state.first_banker],
            )
        if state.drawing is not None:
            return tr(
                "Deal a card face up to {players} for the bank.",
                players=names_text(rules, rules.still_to_draw(state)),
            )
        return tr("Who holds the bank first, and the smallest and largest bet?")
    banker = rules.names[state.limits.banker]
    if state.hand is None and rules.rotation_due(state):
        return tr_n(
            "{banker} has banked {n} hand: the bank passes to {next}, who sets the limits.",
            "{banker} has banked {n} hands: the bank passes to {next}, who sets the limits.",
            state.in_bank,
            banker=banker,
            next=rules.names[(state.limits.banker + 1) % rules.n_seats],
        )
    hand = state.hand
    if hand is None or not hand.cards:
        return tr(
            "Bets of {low} to {high} against {banker}, then turn the piles.",
            low=Chips(state.limits.min_bet),
            high=Chips(state.limits.max_bet),
            banker=banker,
        )
    return tr(
        "Turn pile {n} of 3.",
        n=len(hand.cards) + 1,
    )


def info(rules: Table, state: AceDeuceJackState) -> list[tuple[str, str]]:
    """The draw for the bank, then the bank, the hands in it, the bets and the piles turned."""
    rows: list[tuple[str, str]] = []
    limits = state.limits
    if limits is None:
        if state.drawn:
            rows.append((tr("Dealt for the bank"), banking.dealt_list(rules.names, state.drawn)))
        return rows
    rows += banking.bank_rows(rules.names, limits)
    rows.append(
        (
            tr("Hands in this bank"),
            tr(
                "{played} of {per}",
                played=state.in_bank,
                per=rules.options.hands_per_bank,
            ),
        )
    )
    if state.hand is not None:
        total = sum(a for _, a in state.hand.bets)
        rows.append(
            (
                tr("Bets placed"),
                tr_n(
                    "{n} bet, {total} in all",
                    "{n} bets, {total} in all",
                    len(state.hand.bets),
                    total=Chips(total),
                ),
            )
        )
        if total:  # ruling 4.2.6: the bank's expected edge, for information
            rows.append(
                (
                    tr("The bank's edge"),
                    tr(
                        "{percent}% of {total} on average, over many hands",
                        percent=Decimal(rules.house_edge),
                        total=Chips(total),
                    ),
                )
            )
        if state.hand.cards:
            rows.append((tr("Turned"), shown(state.hand.cards)))
    return rows


def reminders(rules: Table, state: AceDeuceJackState) -> list[Reminder]:
    """Who wins a hand, and the limits."""
    if state.limits is None or state.ended:
        return []
    return [
        Reminder(
            tr("The bank wins"),
            tr("if any of the three bottom cards is an ace, a deuce or a jack."),
            rule="settle",
        ),
        Reminder(
            tr("The players win"),
            tr("even money on every bet when none of the three is."),
            rule="settle",
        ),
        Reminder(
            tr("Bets"),
            tr(
                "from {low} to {high}, placed before the first pile is turned.",
                low=Chips(state.limits.min_bet),
                high=Chips(state.limits.max_bet),
            ),
            rule="bets",
        ),
    ]


def names_text(rules: Table, seats: list[int]) -> Text:
    """Players' names as a list: "Ann, Bob"."""
    text: Text = shown(rules.names[seats[0]])
    for seat in seats[1:]:
        text = tr("{a}, {b}", a=text, b=rules.names[seat])
    return text


def score_lines(rules: Table, played: Played) -> tuple[tuple[ScoreLine, ...], ...]:
    """A settled hand's money per seat, explained."""
    banker = played.limits.banker
    lines: list[tuple[ScoreLine, ...]] = []
    losing = next((c for c in played.cards if play.loses(c)), None)
    for seat in range(rules.n_seats):
        amount = played.money[seat]
        bet = next((a for s, a in played.bets if s == seat), 0)
        if seat == banker:
            n = len(played.bets)
            if not n:
                label = tr("Nobody bet")
            elif losing is not None:
                label = tr_n(
                    "{card} turned: the bank takes {n} bet",
                    "{card} turned: the bank takes {n} bets",
                    n,
                    card=losing,
                )
            else:
                label = tr_n(
                    "No ace, deuce or jack: the bank pays {n} bet",
                    "No ace, deuce or jack: the bank pays {n} bets",
                    n,
                )
            lines.append((ScoreLine(label, amount, "settle"),))
        elif bet == 0:
            lines.append(())
        elif losing is not None:
            lines.append(
                (
                    ScoreLine(
                        tr(
                            "{card} turned: the bet of {bet} is lost",
                            card=losing,
                            bet=Chips(bet),
                        ),
                        amount,
                        "settle",
                    ),
                )
            )
        else:
            lines.append(
                (
                    ScoreLine(
                        tr(
                            "{cards} turned: the bet of {bet} is paid at even money",
                            cards=played.cards,
                            bet=Chips(bet),
                        ),
                        amount,
                        "settle",
                    ),
                )
            )
    return tuple(lines)


def summary(rules: Table, played: Played) -> Text:
    """A settled hand in one line: who banked, the cards turned, who won."""
    banker = rules.names[played.limits.banker]
    if played.banker_wins:
        return tr("{banker} banks; {cards}: the bank wins.", banker=banker, cards=played.cards)
    return tr("{banker} banks; {cards}: the players win.", banker=banker, cards=played.cards)


def scored(rules: Table, played: Played) -> HandScore:
    """A settled hand as a scored hand (``banking.scored``), explained in these words."""
    return banking.scored(played, lambda x: score_lines(rules, x), lambda x: summary(rules, x))
