"""Ziginette's words: the board cards and the bets on each, the banker's card, the dead ranks
and the playettes; a settled deal's lines (each bet paid or taken, the house's cut) and
summary. The bank's rows are ``banking.bank_rows``'s."""

from __future__ import annotations

from companion.games.ziginette.events import Finished, Table, ZiginetteState
from companion.games.ziginette.play import paid_so_far
from companion.rules import banking
from companion.rules.core import HandScore, Reminder, ScoreLine
from companion.rules.money import Chips
from companion.rules.text import Text, shown, tr, tr_n
from companion.rules.tricks import rank_word


def prompt(rules: Table, state: ZiginetteState) -> str:
    """What the table records next."""
    if state.ended:
        return banking.session_over()
    limits = state.limits
    if limits is None:
        return tr("Who holds the bank first, and the smallest and largest bet?")
    banker = rules.names[limits.banker]
    right = rules.names[rules.right_of(limits.banker)]
    if state.deal is None:
        if state.must_pass:
            return tr(
                "{banker} lost the bank: it passes to {next}, who sets the limits.",
                banker=banker,
                next=right,
            )
        if state.finished:
            return tr(
                "{banker} deals again (the limits may change), or passes the bank to {next}.",
                banker=banker,
                next=right,
            )
        return tr(
            "{banker} deals two board cards and their own card.",
            banker=banker,
        )
    if rules.can_stop(state.deal):
        return tr(
            "Bets on the board cards, then {banker} turns the next card (or stops: no bet "
            "is left).",
            banker=banker,
        )
    return tr("Bets on the board cards, then {banker} turns the next card.", banker=banker)


def info(rules: Table, state: ZiginetteState) -> list[tuple[str, str]]:
    """The bank, the banker's card, the board and its bets, the dead ranks, the playettes."""
    limits = state.limits
    if limits is None:
        return []
    rows = banking.bank_rows(rules.names, limits, per_card=True)
    deal = state.deal
    if deal is not None:
        rows.append((tr("Banker's card"), shown(deal.banker_card)))
        for spot in deal.board:
            total = sum(a for _, a in spot.bets)
            rows.append(
                (
                    tr("Board {card}", card=spot.card),
                    tr_n(
                        "{n} bet, {total} in all",
                        "{n} bets, {total} in all",
                        len(spot.bets),
                        total=Chips(total),
                    ),
                )
            )
        if deal.dead:
            rows.append((tr("Dead ranks"), banking.rank_list(deal.dead)))
        if paid := banking.paid_row(rules.names, paid_so_far(rules.n_seats, state)):
            rows.append(paid)
    if state.playettes:
        rows.append((tr("Playettes"), shown(state.playettes)))
    return rows


def reminders(rules: Table, state: ZiginetteState) -> list[Reminder]:
    """What a turned card does, and where bets may go."""
    deal = state.deal
    if deal is None:
        return []
    out = [
        Reminder(
            tr("The banker's rank"),
            tr(
                "a {rank} turned: the bank pays every bet on the board and the deal ends.",
                rank=rank_word(deal.banker_card.rank),
            ),
            rule="banker-loses",
        ),
        Reminder(
            tr("A board card matched"),
            tr("the bank takes the bets on it, and the rest of that rank are dead."),
            rule="match",
        ),
    ]
    if deal.dead:
        out.append(
            Reminder(
                tr("Dead"),
                tr(
                    "{ranks}: discard them when turned; no bet on them.",
                    ranks=banking.rank_list(deal.dead),
                ),
                rule="dead",
            )
        )
    if rules.options.targets == "newest" and deal.board:
        out.append(
            Reminder(
                tr("Bets"),
                tr("only on the newest board card, {card}.", card=deal.board[-1].card),
                rule="bets",
            )
        )
    return out


def score_lines(rules: Table, done: Finished) -> tuple[tuple[ScoreLine, ...], ...]:
    """A settled deal's money per seat, explained: each bet paid or taken, the house's cut."""
    banker = done.limits.banker
    lines: list[list[ScoreLine]] = [[] for _ in range(rules.n_seats)]
    for move in done.moves:
        if move.why == "banker-lost":
            label = tr(
                "{by} matched the banker's card: the bet of {bet} on {card} is paid",
                by=move.by,
                bet=Chips(move.amount),
                card=move.card,
            )
        else:
            label = tr(
                "{by} matched {card}: the bet of {bet} is lost to the bank",
                by=move.by,
                card=move.card,
                bet=Chips(-move.amount),
            )
        lines[move.seat].append(
            ScoreLine(label, move.amount, "banker-loses" if move.why == "banker-lost" else "match")
        )
    taken = sum(-m.amount for m in done.moves if m.amount < 0)
    paid = sum(m.amount for m in done.moves if m.amount > 0)
    if taken:
        lines[banker].append(ScoreLine(tr("Bets taken from matched board cards"), taken, "match"))
    if paid:
        lines[banker].append(
            ScoreLine(tr("Bets paid when the banker's card was matched"), -paid, "banker-loses")
        )
    if done.cut:
        lines[banker].append(banking.cut_line(rules.options.cut, done.cut, taken - paid))
    return tuple(tuple(seat_lines) for seat_lines in lines)


def summary(rules: Table, done: Finished) -> Text:
    """A settled deal in one line: who banked with which card, and how it ended."""
    banker = rules.names[done.limits.banker]
    if done.banker_lost:
        text = tr(
            "{banker} banks with {card} and loses the bank.",
            banker=banker,
            card=done.banker_card,
        )
    else:
        text = tr(
            "{banker} banks with {card}; the deal ends.", banker=banker, card=done.banker_card
        )
    if done.playettes:
        text = tr_n(
            "{text} ({n} playette before it)",
            "{text} ({n} playettes before it)",
            done.playettes,
            text=text,
        )
    return text


def scored(rules: Table, done: Finished) -> HandScore:
    """A settled deal as a scored hand (``banking.scored``), explained in these words."""
    return banking.scored(done, lambda x: score_lines(rules, x), lambda x: summary(rules, x))
