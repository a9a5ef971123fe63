"""Big Three's words: combination names, the prompt, info rows, reminders, hand summaries."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.big_three import play
from companion.games.big_three.events import BigThreeState, Hand, Table
from companion.games.big_three.play import Combo
from companion.rules.cards import ACE, Card
from companion.rules.core import Reminder, who_deals
from companion.rules.text import Text, or_quick_entry, shown, tr, tr_n, trc
from companion.rules.tricks import rank_word

#: Places in the order back to card ranks (for naming).
RANK_AT = {place: rank for rank, place in play.ORDER.items()}


def _rank(place: int) -> Text | int:
    return rank_word(RANK_AT[place])


def combo_text(combo: Combo) -> Text:
    """ "pair of 9s", "straight of 4, 7 to 10", "run of 3 pairs, 7 to 9"."""
    top = _rank(combo.top)
    if combo.kind == "single":
        return tr("single {rank}", rank=top)
    if combo.kind == "pair":
        return tr("pair of {rank}", rank=top)
    if combo.kind == "trips":
        return tr("three {rank}", rank=top)
    if combo.kind == "quads":
        return tr("four {rank}", rank=top)
    low = _rank(combo.low)
    ranks = combo.top - combo.low + 1
    if combo.kind == "straight":
        return tr("straight of {n}, {low} to {high}", n=ranks, low=low, high=top)
    if combo.kind == "pairs-run":
        return tr("run of {n} pairs, {low} to {high}", n=ranks, low=low, high=top)
    if combo.kind == "trips-run":
        return tr("run of {n} trips, {low} to {high}", n=ranks, low=low, high=top)
    return tr("run of {n} quads, {low} to {high}", n=ranks, low=low, high=top)


def why_not_text(code: str, cards: Sequence[Card]) -> Text:
    """Why ``cards`` are no combination, in words (play.why_not's codes)."""
    values = {"cards": tuple(cards)}
    if code == "joker":
        return tr("{cards}: Big Three has no jokers.", **values)
    if code == "mixed-sizes":
        return tr(
            "{cards} is no combination: in a run every rank needs as many cards (all pairs, "
            "all trips…).",
            **values,
        )
    if code == "too-short":
        return tr(
            "{cards} is no combination: cards of two ranks are no run; a run needs 3 ranks "
            "in a row at least.",
            **values,
        )
    if code == "gap":
        return tr("{cards} is no combination: the ranks of a run must follow each other.", **values)
    if code == "high-in-run":
        return tr(
            "{cards} is no combination: A, 2 and 3 cannot be part of a straight or a run.",
            **values,
        )
    return tr("{cards} is no combination.", **values)


def prompt(rules: Table, state: BigThreeState) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Session over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        return who_deals(names, state)
    if hand.solo is None:
        seat = rules.bidder(hand)
        assert seat is not None
        if not hand.calls:
            return or_quick_entry(
                tr("{player} opens the bidding with 1, 2 or 3.", player=names[seat])
            )
        return tr(
            "{player} bids more than {high}, or passes.",
            player=names[seat],
            high=rules.high_bid(hand),
        )
    who = names[hand.turn]
    if hand.current is None:
        return tr("{player} leads any combination.", player=who)
    return tr("{player} beats {combo} or passes.", player=who, combo=combo_text(hand.current))


def info(rules: Table, state: BigThreeState) -> list[tuple[str, str]]:
    names = rules.names
    hand = state.hand
    if hand is None:
        over = rules.outcome(state) is not None
        nxt = state.next_dealer
        return [(tr("Next dealer"), names[nxt])] if nxt is not None and not over else []
    rows: list[tuple[str, str]] = [
        (trc("info", "Hand"), shown(hand.number)),
        (trc("info", "Dealer"), names[hand.dealer]),
        (trc("info", "Opener"), names[hand.opener]),
    ]
    if hand.calls:
        calls = [
            tr("{player} {bid}", player=names[s], bid=b)
            if b
            else tr("{player} passes", player=names[s])
            for s, b in hand.calls
        ]
        out = calls[0]
        for call in calls[1:]:
            out = tr("{items} · {item}", items=out, item=call)
        rows.append((trc("info", "Bids"), out))
    if hand.solo is None:
        return rows
    rows.append(
        (
            trc("info", "Solo"),
            tr("{player}, bid {bid}, stake {stake}", player=names[hand.solo], bid=hand.bid,
               stake=rules.stake(hand)),
        )
    )  # fmt: skip
    rows.append((trc("info", "To play"), names[hand.turn]))
    if hand.current is not None:
        rows.append(
            (
                trc("info", "To beat"),
                tr("{combo}: {cards}", combo=combo_text(hand.current), cards=hand.current_cards),
            )
        )
    else:
        rows.append((trc("info", "To beat"), tr("nothing: a free lead")))
    held = [tr("{player} {n}", player=names[s], n=hand.counts[s]) for s in range(play.SEATS)]
    out = held[0]
    for item in held[1:]:
        out = tr("{items} · {item}", items=out, item=item)
    rows.append((trc("info", "Cards in hand"), out))
    return rows


def hand_summary(rules: Table, hand: Hand, first_out: int, *, quick: bool) -> Text:
    names = rules.names
    assert hand.solo is not None
    values = {
        "dealer": names[hand.dealer],
        "solo": names[hand.solo],
        "bid": hand.bid,
        "out": names[first_out],
    }
    if hand.forced:
        return tr("{dealer} dealt; {solo} dug by force at 3; {out} out first", **values)
    if quick:
        return tr("{dealer} dealt; {solo} solo at {bid}; {out} out first", **values)
    return tr("{dealer} dealt; {solo} solo at {bid}; {out} out first — play by play", **values)


def reminders(rules: Table, state: BigThreeState) -> list[Reminder]:
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    out = [
        Reminder(
            tr("Order, high to low"),
            tr(
                "3 · 2 · {ace} · {order}: suits do not count",
                ace=rank_word(ACE),
                order=tr("K Q J 10 9 8 7 6 5 4"),
            ),
            "cards",
        ),
        Reminder(
            tr("Combinations"),
            tr(
                "single, pair, three, four of a kind; a straight of 3 or more; a run of 3 or "
                "more pairs, threes or fours; no A, 2 or 3 in straights and runs"
            ),
            "combinations",
        ),
        Reminder(
            tr("Beating"),
            tr(
                "the same kind, as many cards, a higher top card; pass if you like; two passes "
                "in a row give the last player a free lead"
            ),
            "beating",
        ),
    ]
    if rules.options.forced_dig and hand.solo is None:
        out.append(
            Reminder(
                tr("Forced dig"),
                tr("three or four 3s, or two 3s and two 2s: show them and play solo at 3"),
                "forced-dig",
            )
        )
    if rules.options.bombs:
        out.append(
            Reminder(tr("Bombs"), tr("four of a kind beat anything but higher fours"), "beating")
        )
    if hand.solo is not None:
        stake = rules.stake(hand)
        out.append(
            Reminder(
                tr("Settlement"),
                tr_n(
                    "{solo} out first: each opponent pays {n} chip; otherwise {solo} pays {n} "
                    "chip to each",
                    "{solo} out first: each opponent pays {n} chips; otherwise {solo} pays {n} "
                    "chips to each",
                    stake,
                    solo=rules.names[hand.solo],
                ),
                "settlement",
            )
        )
    return out
