"""Buck Euchre's words for the table screen: the prompt, the info rows, hand summaries."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.buck_euchre import play
from companion.games.buck_euchre.events import BuckEuchreState, Hand, Table
from companion.games.buck_euchre.play import (
    DECLARER_NEEDS,
    SAME_COLOUR,
    SEATS,
    SET_BACK,
    TRICKS,
)
from companion.rules.cards import ACE, JACK, KING, QUEEN, Suit
from companion.rules.core import Reminder
from companion.rules.tricks import order_text


def prompt(rules: Table, state: BuckEuchreState) -> str:
    if (end := rules.outcome(state)) is not None:
        return "Game over: " + rules.winners_text(end)
    hand, names = state.hand, rules.names
    if hand is None:
        number = len(state.done) + 1
        if state.next_dealer is None:
            return f"Who deals hand {number}? Record the deal."
        return f"{names[state.next_dealer]} deals hand {number}."
    phase = rules.phase(hand)
    quick = " Or record the whole hand at once (quick entry)."
    if phase == "bidding":
        up = hand.upcard
        if up is None:
            return "The upcard was not noted, so record the hand's result (quick entry)."
        seat = rules.bidder(hand)
        if len(hand.calls) >= SEATS:
            return f"{up.label} was turned down: {names[seat]} names another suit or passes."
        if seat == hand.dealer:
            return f"{names[seat]} (dealer) takes up {up.label} or turns it down."
        return f"{names[seat]} orders up {up.label} or passes." + ("" if hand.calls else quick)
    if phase == "drops":
        first = names[rules.first_to_drop(hand)]
        return f"Who drops out? {first} decides first, then clockwise."
    text = f"{names[rules.leader(hand)]} leads trick {len(hand.tricks) + 1} of {TRICKS}."
    return text + (quick if "result" in rules.expects(state) else "")


def trump_text(rules: Table, hand: Hand) -> str:
    """ "♦ Diamonds, ordered up by Bob", "none (everyone passed twice)"."""
    if hand.how == "none":
        return "none (everyone passed twice)"
    label = play.suit_label(hand.trump)
    if hand.how == "clubs":
        return f"{label}, turned up (dirty clubs)"
    assert hand.declarer is not None
    who = rules.names[hand.declarer]
    if hand.how == "ordered" and hand.declarer == hand.dealer:
        return f"{label}, taken up by the dealer, {who}"
    how = {"ordered": "ordered up by", "named": "named in round 2 by"}.get(hand.how, "chosen by")
    return f"{label}, {how} {who}"


def info(rules: Table, state: BuckEuchreState) -> list[tuple[str, str]]:
    names, hand = rules.names, state.hand
    distance = (
        "To reach 0",
        " · ".join(f"{n} {t}" for n, t in zip(names, rules.scores(state), strict=True)),
    )
    if hand is None:
        over = rules.outcome(state) is not None
        nxt = state.next_dealer
        rows = [("Next dealer", names[nxt])] if nxt is not None and not over else []
        return [*rows, distance]
    rows = [("Hand", str(hand.number)), ("Dealer", names[hand.dealer])]
    if hand.upcard is not None:
        fate = "taken up by the dealer" if rules.picked_up(hand) else "out of play"
        rows.append(("Upcard", f"{hand.upcard.label}{'' if not hand.fixed else ' — ' + fate}"))
    if not hand.fixed:
        if hand.calls:
            rows.append(
                ("Bids", ", ".join(f"{names[s]} {play.call_word(c)}" for s, c in hand.calls))
            )
        return [*rows, distance]
    won = rules.won(hand)
    rows.append(("Trump", rules.trump_text(hand)))
    if hand.declarer is not None:
        d = hand.declarer
        rows.append(("Declarer", f"{names[d]}: {won[d]} of the 3 tricks needed"))
        if hand.drops_done:
            out = ", ".join(names[s] for s in sorted(hand.dropped)) or "nobody"
            rows.append(("Dropped", out))
    if rules.phase(hand) == "play":
        rows.append(("Leads", names[rules.leader(hand)]))
        if hand.tricks:
            active = rules.order(hand, 0)
            rows.append(("Tricks", " · ".join(f"{names[s]} {won[s]}" for s in active)))
    return [*rows, distance]


def hand_summary(rules: Table, hand: Hand, tricks: Sequence[int]) -> str:
    names = rules.names
    up = f", {hand.upcard.label} turned up" if hand.upcard is not None else ""
    text = f"{names[hand.dealer]} dealt{up}; trump {rules.trump_text(hand)}"
    if hand.dropped:
        text += "; dropped: " + ", ".join(names[s] for s in sorted(hand.dropped))
    text += "; tricks " + ", ".join(
        f"{names[s]} {t}" for s, t in enumerate(tricks) if s not in hand.dropped
    )
    return text + (" — card by card" if hand.tricks else "")


#: Ace high in a plain suit; in trump the two jacks go on top (the bowers).
PLAIN = (ACE, KING, QUEEN, JACK, 10, 9)
#: Trump below its two bowers, and the other suit of trump's colour, which lost its jack.
NO_JACK = (ACE, KING, QUEEN, 10, 9)


def reminders(rules: Table, state: BuckEuchreState) -> list[Reminder]:
    """This hand's card order (bowers included), the left bower's suit, and how it scores."""
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    if hand.declarer is not None or not hand.fixed:
        who = (
            f"{rules.names[hand.declarer]} (declarer)"
            if hand.declarer is not None
            else "the declarer"
        )
        duty = (
            f"{who} needs {DECLARER_NEEDS} tricks or goes up {SET_BACK}; "
            f"anyone else who stays in and takes no trick goes up {SET_BACK}"
        )
    else:
        duty = f"anyone who takes no trick goes up {SET_BACK}"
    scoring = Reminder(
        "Scoring", f"{duty}; otherwise 1 off a trick; all {TRICKS} tricks win the game", "scoring"
    )
    trump = hand.trump
    if not hand.fixed:
        bowers = "J of trump · J of the same colour"
        return [
            Reminder("Trump, high to low", f"{bowers} · {order_text(NO_JACK)}", "cards"),
            scoring,
        ]
    if trump is None:
        return [
            Reminder(
                "No trump",
                f"every suit {order_text(PLAIN)}: the best card of the suit led wins",
                "no-trump",
            ),
            scoring,
        ]
    sister = SAME_COLOUR[trump]
    others = " ".join(s.symbol for s in Suit if s not in (trump, sister))
    top = f"J{trump.symbol} · J{sister.symbol} · {order_text(NO_JACK)}"
    return [
        Reminder(f"Trump {trump.symbol}, high to low", top, "cards"),
        Reminder(
            f"{sister.symbol}, high to low",
            f"{order_text(NO_JACK)}: its jack is a trump this hand",
            "cards",
        ),
        Reminder(f"{others}, high to low", order_text(PLAIN), "cards"),
        Reminder(
            f"J{sister.symbol}",
            f"follows a {trump.symbol} lead; on a {sister.symbol} lead it does not count as "
            f"{sister.symbol}",
            "follow-suit",
        ),
        scoring,
    ]
