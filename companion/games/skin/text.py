"""Skin's words: who is offered the next card, the cards and bets in play, the centre, the dead
ranks and the side bets; a settled deal's lines (each pairing, each side bet, the bets returned
when the pack ran out) and summary. The bank's rows are ``banking.bank_rows``'s."""

from __future__ import annotations

from companion.games.skin.events import Finished, SkinState, Table
from companion.games.skin.play import PACK, paid_so_far
from companion.rules import banking
from companion.rules.core import HandScore, Reminder, ScoreLine
from companion.rules.money import Chips
from companion.rules.text import Text, shown, tr, tr_n


def prompt(rules: Table, state: SkinState) -> str:
    """What the table records next."""
    if state.ended:
        return banking.session_over()
    deal = state.deal
    if deal is None:
        if state.next_banker is None:
            return tr("Who banks first (the first player dealt an ace), and the limits?")
        if not state.finished:
            return tr(
                "{banker} was dealt the first ace and banks: the limits for the first deal?",
                banker=rules.names[state.next_banker],
            )
        return tr(
            "The bank passes to {banker}, who sets the limits for the next deal.",
            banker=rules.names[state.next_banker],
        )
    banker = rules.names[deal.limits.banker]
    if deal.first is not None:
        return tr(
            "{player} took the first card: {banker} deals their own card.",
            player=rules.names[deal.first],
            banker=banker,
        )
    if deal.lost:
        return tr(
            "{banker} lost: take a new card, or deal on only to settle side bets.",
            banker=banker,
        )
    offered = rules.offered_to(deal)
    if deal.declined or deal.banker_card is None and deal.started:
        return tr("Turn cards to settle the side bets.")
    if offered is None:
        return tr("Turn the next card: it goes to the centre unless it pairs a card in play.")
    return tr(
        "Turn the next card: it is offered to {player} first.",
        player=rules.names[offered],
    )


def info(rules: Table, state: SkinState) -> list[tuple[str, str]]:
    """The deal for the bank, then the bank, the banker's card, each player's card and bet, the
    centre, the dead ranks, the side bets and the cards turned."""
    deal = state.deal
    if deal is None:
        if state.first_draw and not state.finished:
            dealt = banking.dealt_list(rules.names, state.first_draw)
            return [(tr("Dealt for the bank"), dealt)]
        return []
    limits = deal.limits
    rows = banking.bank_rows(rules.names, limits, cover=False)
    if deal.banker_card is not None:
        rows.append((tr("Banker's card"), shown(deal.banker_card)))
    for seat in range(rules.n_seats):
        card = deal.cards[seat]
        if card is not None:
            rows.append(
                (
                    shown(rules.names[seat]),
                    tr("{card}, bet {bet}", card=card, bet=Chips(deal.pots[seat]))
                    if deal.pots[seat]
                    else tr("{card}, no bet", card=card),
                )
            )
    if deal.centre:
        rows.append((tr("Centre"), shown(deal.centre)))
    if deal.dead:
        rows.append((tr("Dead ranks"), banking.rank_list(deal.dead)))
    for bettor, target, amount in deal.side:
        rows.append(
            (
                tr("Side bet"),
                tr(
                    "{bettor} bets {target} {amount} that {target}'s card goes first",
                    bettor=rules.names[bettor],
                    target=rules.names[target],
                    amount=Chips(amount),
                ),
            )
        )
    rows.append((tr("Cards turned"), tr("{n} of {total}", n=len(deal.seen), total=PACK)))
    if paid := banking.paid_row(rules.names, paid_so_far(rules.n_seats, state)):
        rows.append(paid)
    return rows


def reminders(rules: Table, state: SkinState) -> list[Reminder]:
    """Every card turned is checked against every card in play; the dead ranks."""
    deal = state.deal
    if deal is None:
        return []
    out = [
        Reminder(
            tr("Every card turned"),
            tr("is checked against the banker's card and every player's card."),
            rule="matching",
        )
    ]
    if deal.dead:
        out.append(
            Reminder(
                tr("Dead"),
                tr(
                    "{ranks}: discard them when they turn up.",
                    ranks=banking.rank_list(deal.dead),
                ),
                rule="dead",
            )
        )
    return out


def score_lines(rules: Table, done: Finished) -> tuple[tuple[ScoreLine, ...], ...]:
    """A settled deal's money per seat, explained: each bet and side bet settled, the bets
    returned when the pack ran out, the house's cut."""
    lines: list[list[ScoreLine]] = [[] for _ in range(rules.n_seats)]
    for m in done.moves:
        win, lose = rules.names[m.winner], rules.names[m.loser]
        if m.why == "banker-lost":
            label = tr(
                "{card} paired the banker's card: the bank pays {player} {amount}",
                card=m.card,
                player=win,
                amount=Chips(m.amount),
            )
            rule = "banker-loses"
        elif m.why == "matched":
            label = tr(
                "{card} paired {player}'s card: the bank takes {amount}",
                card=m.card,
                player=lose,
                amount=Chips(m.amount),
            )
            rule = "matching"
        else:
            label = tr(
                "{card} settled the side bet: {winner} wins {amount} from {loser}",
                card=m.card,
                winner=win,
                loser=lose,
                amount=Chips(m.amount),
            )
            rule = "side-bets"
        lines[m.winner].append(ScoreLine(label, m.amount, rule))
        lines[m.loser].append(ScoreLine(label, -m.amount, rule))
    if done.how == "out":
        for seat, pot in enumerate(done.returned):
            if pot:
                lines[seat].append(
                    ScoreLine(
                        tr("The pack ran out: the bet of {bet} goes back", bet=Chips(pot)),
                        0,
                        "end-of-deal",
                    )
                )
    if done.cut:
        banker = done.limits.banker
        net = done.money[banker] + done.cut
        lines[banker].append(banking.cut_line(rules.options.cut, done.cut, net))
    return tuple(tuple(x) for x in lines)


def summary(rules: Table, done: Finished) -> Text:
    """A settled deal in one line: who banked and how it ended."""
    banker = rules.names[done.limits.banker]
    if done.how == "out":
        return tr_n(
            "{banker} banks; the pack runs out ({n} side bet void).",
            "{banker} banks; the pack runs out ({n} side bets void).",
            done.voided,
            banker=banker,
        )
    return tr("{banker} banks; the deal ends.", banker=banker)


def scored(rules: Table, done: Finished) -> HandScore:
    """A settled deal as a scored hand (``banking.scored``), explained in these words."""
    return banking.scored(done, lambda x: score_lines(rules, x), lambda x: summary(rules, x))
