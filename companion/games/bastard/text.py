"""Bastard's words for the table screen: the prompt, the info rows, reminders, summaries."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.bastard.events import BastardState, Hand, Penalty, Table
from companion.rules.core import Reminder
from companion.rules.text import Text, dot_list, or_quick_entry, shown, tr, tr_n, trc
from companion.rules.tricks import comma_list, name_list
from companion.rules.turns import still_in

__all__ = ["hand_summary", "info", "name_list", "prompt", "reminders"]


def pile_text(rules: Table, hand: Hand) -> Text:
    """The card to beat and where the pile is going."""
    top = hand.top
    if top is None:
        return tr("fresh pile: anything goes, then up")
    if top.is_joker:
        if rules.options.coloured_jokers:
            colour = tr("black") if top.is_red else tr("red")
            return tr("{card}: any {colour} card, then up", card=top, colour=colour)
        return tr("{card}: anything goes, then up", card=top)
    if hand.down:
        return tr("{card}, going down: lower and {colour}", card=top, colour=_other(top.is_red))
    return tr("{card}, going up: higher and {colour}", card=top, colour=_other(top.is_red))


def _other(red: bool) -> Text:
    return tr("black") if red else tr("red")


def penalty_text(rules: Table, hand: Hand, seat: int) -> Text:
    """What the bastard rule would do to ``seat`` now."""
    plan = rules.penalty_plan(hand, seat)
    names = rules.names
    owed, who = rules.owed(hand), names[seat]
    givers = name_list([names[s] for s in plan.givers])
    if not plan.givers:
        return tr_n(
            "{player} takes {n} card from the stock",
            "{player} takes {n} cards from the stock",
            owed,
            player=who,
        )
    if plan.from_stock:
        return tr_n(
            "{player} takes {n} card: {stock} from the stock, then one each from {givers}",
            "{player} takes {n} cards: {stock} from the stock, then one each from {givers}",
            plan.from_stock + len(plan.givers),
            player=who,
            stock=plan.from_stock,
            givers=givers,
        )
    return tr_n(
        "{player} takes {n} card, the stock being empty: one each from {givers}",
        "{player} takes {n} cards, the stock being empty: one each from {givers}",
        len(plan.givers),
        player=who,
        givers=givers,
    )


def prompt(rules: Table, state: BastardState) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Evening over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        number = len(state.done) + 1
        if state.next_dealer is None:
            return tr("Who deals game {number}? Record the deal.", number=number)
        if len(state.starters) > 1:
            return tr(
                "{player} deals game {number}; several won the last game, so cut for who "
                "starts: {players}.",
                player=names[state.next_dealer],
                number=number,
                players=name_list([names[s] for s in state.starters]),
            )
        return tr("{player} deals game {number}.", player=names[state.next_dealer], number=number)
    if hand.upcard is None:
        return tr("The turned card was not noted: record the finishing order (quick entry).")
    who = names[hand.turn]
    if rules.stuck_check(hand):
        return tr(
            "Everyone passed on {player}'s card: {player} beats it, or cannot and the bastard "
            "rule applies ({penalty}).",
            player=who,
            penalty=penalty_text(rules, hand, hand.turn),
        )
    if hand.top is None:
        return tr("{player} starts a fresh pile: any card.", player=who)
    if hand.entries == 0:
        return or_quick_entry(
            tr("{player} plays on {card} or passes.", player=who, card=hand.top),
            finishing_order=True,
        )
    return tr("{player} plays on {card} or passes.", player=who, card=hand.top)


def info(rules: Table, state: BastardState) -> list[tuple[str, str]]:
    names = rules.names
    wins, bastards = rules.tally(state)
    tally = [
        (
            trc("info", "Wins"),
            dot_list([tr("{player} {n}", player=p, n=w) for p, w in zip(names, wins, strict=True)]),
        ),
        (
            trc("info", "Bastards"),
            dot_list(
                [tr("{player} {n}", player=p, n=b) for p, b in zip(names, bastards, strict=True)]
            ),
        ),
    ]
    hand = state.hand
    if hand is None:
        over = rules.outcome(state) is not None
        nxt = state.next_dealer
        head = [(tr("Next dealer"), names[nxt])] if nxt is not None and not over else []
        return [*head, *tally]
    rows: list[tuple[str, str]] = [
        (trc("info", "Game"), shown(hand.number)),
        (trc("info", "Dealer"), names[hand.dealer]),
        (trc("info", "Starter"), names[hand.starter]),
    ]
    if hand.upcard is None:
        return [*rows, *tally]
    rows.append((trc("info", "Pile"), pile_text(rules, hand)))
    rows.append((trc("info", "To play"), names[hand.turn]))
    reason = rules.pass_banned(hand)
    if rules.stuck_check(hand):
        rows.append(
            (
                trc("info", "May not pass"),
                tr(
                    "{player}: beat your own card, or take the bastard rule",
                    player=names[hand.turn],
                ),
            )
        )
    elif reason:
        why = (
            tr("{player}, if able: the player before passed", player=names[hand.turn])
            if reason == "previous"
            else tr("{player}, if able: only two players are left", player=names[hand.turn])
        )
        rows.append((trc("info", "May not pass"), why))
    rows.append((trc("info", "Stock"), tr_n("{n} card", "{n} cards", hand.stock)))
    held = [tr("{player} {n}", player=names[s], n=hand.counts[s]) for s in still_in(hand.counts)]
    rows.append((trc("info", "Cards in hand"), dot_list(held)))
    if hand.out:
        rows.append(
            (trc("info", "Out"), comma_list([names[s] for group in hand.out for s in group]))
        )
    if hand.penalty is not None:
        rows.append((trc("info", "Bastard rule"), penalty_done(rules, hand.penalty)))
    return [*rows, *tally]


def penalty_done(rules: Table, penalty: Penalty) -> Text:
    names = rules.names
    who = names[penalty.seat]
    got = penalty.from_stock + len(penalty.givers) + penalty.extra
    if penalty.givers:
        text = tr_n(
            "{player} took {n} card ({stock} from the stock; one each from {givers})",
            "{player} took {n} cards ({stock} from the stock; one each from {givers})",
            got,
            player=who,
            stock=penalty.from_stock + penalty.extra,
            givers=name_list([names[s] for s in penalty.givers]),
        )
    else:
        text = tr_n(
            "{player} took {n} card from the stock",
            "{player} took {n} cards from the stock",
            got,
            player=who,
        )
    if penalty.went_out:
        text = tr(
            "{penalty}; out by giving their last card: {players}",
            penalty=text,
            players=name_list([names[s] for s in penalty.went_out]),
        )
    return text


def hand_summary(rules: Table, hand: Hand, groups: Sequence[Sequence[int]]) -> Text:
    names = rules.names
    order = comma_list(
        [
            name_list([names[s] for s in group]) if len(group) > 1 else names[group[0]]
            for group in groups
        ]
    )
    winners = [names[s] for s in groups[0]]
    bastard = names[groups[-1][0]]
    dealt = tr("{player} dealt", player=names[hand.dealer])
    if len(winners) > 1:
        result = tr(
            "{players} won together; {bastard} is the bastard",
            players=name_list(winners),
            bastard=bastard,
        )
    else:
        result = tr("{player} won; {bastard} is the bastard", player=winners[0], bastard=bastard)
    if hand.entries:
        return tr(
            "{deal}, {card} turned up; order {order}; {result} — play by play",
            deal=dealt,
            card=hand.upcard,
            order=order,
            result=result,
        )
    return tr("{deal}; order {order}; {result}", deal=dealt, order=order, result=result)


def reminders(rules: Table, state: BastardState) -> list[Reminder]:
    """Beating, reversals, jokers, passing and the bastard rule, as they stand now."""
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    opts = rules.options
    out = [
        Reminder(
            tr("Beating the pile"),
            tr(
                "the other colour to the card on top and a higher rank (lower once an ace "
                "turned it down); 2 3 … 10 J Q K A; several cards of one rank go down red, "
                "black, red…"
            ),
            "play",
        ),
        Reminder(tr("Reversals"), tr("aces turn the pile down, twos turn it up"), "reversals"),
    ]
    if opts.coloured_jokers:
        joker = tr(
            "a red joker on a black card, a black joker on a red one; then any card of the "
            "other colour to the joker, going up"
        )
    else:
        joker = tr("goes on anything, alone; then any card, going up")
    out.append(Reminder(tr("Joker"), joker, "joker"))
    out.append(
        Reminder(
            tr("Passing"),
            tr_n(
                "draw a card if the stock has one ({n} left); no pass by choice after a pass, "
                "or with two players left",
                "draw a card if the stock has one ({n} left); no pass by choice after a pass, "
                "or with two players left",
                hand.stock,
            ),
            "passing",
        )
    )
    owed = rules.owed(hand)
    side = tr("right") if opts.givers == "right" else tr("left")
    gift = tr("the giver chooses") if opts.gift == "giver" else tr("drawn blind")
    out.append(
        Reminder(
            tr("Bastard rule"),
            tr_n(
                "everyone passed on your card and you cannot beat it: take {n} card from the "
                "stock, short of it one from each player in turn from your {side} ({gift}); "
                "then your left-hand neighbour starts afresh",
                "everyone passed on your card and you cannot beat it: take {n} cards from the "
                "stock, short of it one from each player in turn from your {side} ({gift}); "
                "then your left-hand neighbour starts afresh",
                owed,
                side=side,
                gift=gift,
            ),
            "bastard-rule",
        )
    )
    return out
