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
from companion.rules.cards import ACE, JACK, KING, QUEEN, Card, Suit
from companion.rules.core import Reminder, who_deals
from companion.rules.text import Text, dot_list, or_quick_entry, shown, tr, trc
from companion.rules.tricks import comma_list, leads_trick, name_list, order_text


def prompt(rules: Table, state: BuckEuchreState) -> Text:
    if (end := rules.outcome(state)) is not None:
        return tr("Game over: {result}", result=rules.winners_text(end))
    hand, names = state.hand, rules.names
    if hand is None:
        return who_deals(names, state)
    phase = rules.phase(hand)
    if phase == "bidding":
        up = hand.upcard
        if up is None:
            return tr("The upcard was not noted, so record the hand's result (quick entry).")
        seat = rules.bidder(hand)
        if len(hand.calls) >= SEATS:
            return tr(
                "{card} was turned down: {player} names another suit or passes.",
                card=up,
                player=names[seat],
            )
        if seat == hand.dealer:
            return tr(
                "{player} (dealer) takes up {card} or turns it down.", player=names[seat], card=up
            )
        if hand.calls:
            return tr("{player} orders up {card} or passes.", player=names[seat], card=up)
        return or_quick_entry(
            tr("{player} orders up {card} or passes.", player=names[seat], card=up)
        )
    if phase == "drops":
        return tr(
            "Who drops out? {player} decides first, then clockwise.",
            player=names[rules.first_to_drop(hand)],
        )
    leader, number = names[rules.leader(hand)], len(hand.tricks) + 1
    if "result" in rules.expects(state):
        return or_quick_entry(leads_trick(leader, number, TRICKS))
    return leads_trick(leader, number, TRICKS)


def trump_text(rules: Table, hand: Hand) -> Text:
    """ "♦ Diamonds, ordered up by Bob", "none (everyone passed twice)"."""
    if hand.how == "none":
        return tr("none (everyone passed twice)")
    label = play.suit_label(hand.trump)
    if hand.how == "clubs":
        return tr("{suit}, turned up (dirty clubs)", suit=label)
    assert hand.declarer is not None
    who = rules.names[hand.declarer]
    if hand.how == "ordered" and hand.declarer == hand.dealer:
        return tr("{suit}, taken up by the dealer, {player}", suit=label, player=who)
    if hand.how == "ordered":
        return tr("{suit}, ordered up by {player}", suit=label, player=who)
    if hand.how == "named":
        return tr("{suit}, named in round 2 by {player}", suit=label, player=who)
    return tr("{suit}, chosen by {player}", suit=label, player=who)


def info(rules: Table, state: BuckEuchreState) -> list[tuple[str, str]]:
    names, hand = rules.names, state.hand
    distance = (
        tr("To reach 0"),
        dot_list(
            [
                tr("{player} {score}", player=n, score=t)
                for n, t in zip(names, rules.scores(state), strict=True)
            ]
        ),
    )
    rows: list[tuple[str, str]]
    if hand is None:
        over = rules.outcome(state) is not None
        nxt = state.next_dealer
        rows = [(tr("Next dealer"), names[nxt])] if nxt is not None and not over else []
        return [*rows, distance]
    rows = [
        (trc("info", "Hand"), shown(hand.number)),
        (trc("info", "Dealer"), names[hand.dealer]),
    ]
    if hand.upcard is not None:
        up = hand.upcard
        if not hand.fixed:
            upcard = shown(up)
        elif rules.picked_up(hand):
            upcard = tr("{card} — taken up by the dealer", card=up)
        else:
            upcard = tr("{card} — out of play", card=up)
        rows.append((trc("info", "Upcard"), upcard))
    if not hand.fixed:
        if hand.calls:
            bids = [
                tr("{player} {call}", player=names[s], call=play.call_word(c))
                for s, c in hand.calls
            ]
            rows.append((trc("info", "Bids"), comma_list(bids)))
        return [*rows, distance]
    won = rules.won(hand)
    rows.append((trc("info", "Trump"), rules.trump_text(hand)))
    if hand.declarer is not None:
        d = hand.declarer
        rows.append(
            (
                trc("info", "Declarer"),
                tr(
                    "{player}: {won} of the {needed} tricks needed",
                    player=names[d],
                    won=won[d],
                    needed=DECLARER_NEEDS,
                ),
            )
        )
        if hand.drops_done:
            out = [names[s] for s in sorted(hand.dropped)]
            rows.append((trc("info", "Dropped"), name_list(out) if out else tr("nobody")))
    if rules.phase(hand) == "play":
        rows.append((trc("info", "Leads"), names[rules.leader(hand)]))
        if hand.tricks:
            active = rules.order(hand, 0)
            rows.append(
                (
                    trc("info", "Tricks"),
                    dot_list([tr("{player} {n}", player=names[s], n=won[s]) for s in active]),
                )
            )
    return [*rows, distance]


def hand_summary(rules: Table, hand: Hand, tricks: Sequence[int]) -> Text:
    names = rules.names
    dealer = names[hand.dealer]
    deal = (
        tr("{player} dealt", player=dealer)
        if hand.upcard is None
        else tr("{player} dealt, {card} turned up", player=dealer, card=hand.upcard)
    )
    counts = comma_list(
        [
            tr("{player} {n}", player=names[s], n=t)
            for s, t in enumerate(tricks)
            if s not in hand.dropped
        ]
    )
    values = {"deal": deal, "trump": rules.trump_text(hand), "tricks": counts}
    if hand.dropped:
        dropped = name_list([names[s] for s in sorted(hand.dropped)])
        if hand.tricks:
            return tr(
                "{deal}; trump {trump}; dropped: {dropped}; tricks {tricks} — card by card",
                dropped=dropped,
                **values,
            )
        return tr(
            "{deal}; trump {trump}; dropped: {dropped}; tricks {tricks}", dropped=dropped, **values
        )
    if hand.tricks:
        return tr("{deal}; trump {trump}; tricks {tricks} — card by card", **values)
    return tr("{deal}; trump {trump}; tricks {tricks}", **values)


#: Ace high in a plain suit; in trump the two jacks go on top (the bowers).
PLAIN = (ACE, KING, QUEEN, JACK, 10, 9)
#: Trump below its two bowers, and the other suit of trump's colour, which lost its jack.
NO_JACK = (ACE, KING, QUEEN, 10, 9)


def reminders(rules: Table, state: BuckEuchreState) -> list[Reminder]:
    """This hand's card order (bowers included), the left bower's suit, and how it scores."""
    hand = state.hand
    if hand is None or rules.outcome(state) is not None:
        return []
    amounts = {"needs": DECLARER_NEEDS, "points": SET_BACK, "tricks": TRICKS}
    if hand.declarer is not None:
        duty = tr(
            "{player} (declarer) needs {needs} tricks or goes up {points}; anyone else who stays "
            "in and takes no trick goes up {points}; otherwise 1 off a trick; all {tricks} "
            "tricks win the game",
            player=rules.names[hand.declarer],
            **amounts,
        )
    elif not hand.fixed:
        duty = tr(
            "the declarer needs {needs} tricks or goes up {points}; anyone else who stays in "
            "and takes no trick goes up {points}; otherwise 1 off a trick; all {tricks} tricks "
            "win the game",
            **amounts,
        )
    else:
        duty = tr(
            "anyone who takes no trick goes up {points}; otherwise 1 off a trick; all {tricks} "
            "tricks win the game",
            **amounts,
        )
    scoring = Reminder(tr("Scoring"), duty, "scoring")
    trump = hand.trump
    if not hand.fixed:
        return [
            Reminder(
                tr("Trump, high to low"),
                tr("J of trump · J of the same colour · {order}", order=order_text(NO_JACK)),
                "cards",
            ),
            scoring,
        ]
    if trump is None:
        return [
            Reminder(
                tr("No trump"),
                tr(
                    "every suit {order}: the best card of the suit led wins",
                    order=order_text(PLAIN),
                ),
                "no-trump",
            ),
            scoring,
        ]
    sister = SAME_COLOUR[trump]
    first, second = (s for s in Suit if s not in (trump, sister))
    left = Card(JACK, sister)
    return [
        Reminder(
            tr("Trump {suit}, high to low", suit=trump),
            tr(
                "{right} · {left} · {order}",
                right=Card(JACK, trump),
                left=left,
                order=order_text(NO_JACK),
            ),
            "cards",
        ),
        Reminder(
            tr("{suit}, high to low", suit=sister),
            tr("{order}: its jack is a trump this hand", order=order_text(NO_JACK)),
            "cards",
        ),
        Reminder(
            tr("{first} {second}, high to low", first=first, second=second),
            order_text(PLAIN),
            "cards",
        ),
        Reminder(
            shown(left),
            tr(
                "follows a {trump} lead; on a {suit} lead it does not count as {suit}",
                trump=trump,
                suit=sister,
            ),
            "follow-suit",
        ),
        scoring,
    ]
